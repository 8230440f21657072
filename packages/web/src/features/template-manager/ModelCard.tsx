import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { GeneratedFilesNote } from './GeneratedFilesNote';
import type { ModelSummary } from './templateManager.api';

/** The one model that can never be deleted (spec 3 §9). */
export const ARCHIVE_FILE_MODEL = 'ArchiveFile';
export const EDITOR_PENDING = 'arrives with the model editor';

const time = (seconds: number | null) => (seconds === null ? '—' : new Date(seconds * 1000).toLocaleString());

export interface ModelCardProps {
  model: ModelSummary;
  onDownload: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** A button the model editor will bring; shown disabled so the card keeps its final shape. */
export function PendingButton({ label }: { label: string }) {
  return (
    <Tooltip title={EDITOR_PENDING}>
      <span>
        <Button size="small" disabled>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

export function ModelCard({ model, onDownload, onDuplicate, onDelete }: ModelCardProps) {
  const tableNote = model.isTableCreated
    ? `Table ${model.table} exists` +
      (model.tableGenerationTimestamp === null ? '' : ` since ${time(model.tableGenerationTimestamp)}`)
    : `Table ${model.table} is not created`;
  return (
    <Card variant="outlined" component="article" aria-label={`model ${model.fullName}`}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {model.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {model.fullName}
        </Typography>
        <Typography variant="body2">Modified: {time(model.modifiedAt)}</Typography>
        <Typography variant="body2" color={model.isTableCreated ? 'success.main' : 'warning.main'}>
          {tableNote}
        </Typography>
        <GeneratedFilesNote modelName={model.fullName} files={model.generatedFiles} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button size="small" onClick={onDownload}>
          Download
        </Button>
        <Button size="small" onClick={onDuplicate}>
          Duplicate
        </Button>
        <PendingButton label="Edit" />
        <PendingButton label="Manage forms" />
        <Button size="small" color="error" disabled={model.name === ARCHIVE_FILE_MODEL} onClick={onDelete}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
