import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { GeneratedFilesNote } from './GeneratedFilesNote';
import { generatedFilesUpToDate, type ModelSummary } from './templateManager.api';
import { PROTECTED_MODEL } from '@mdis/shared';

export const TEMPLATES_MANAGER_PATH = '/settings/templates-manager';
export const FORMS_NEED_GENERATION = 'generate the code first: generated files are older than the template';

const time = (seconds: number | null) => (seconds === null ? '—' : new Date(seconds * 1000).toLocaleString());

export interface ModelCardProps {
  model: ModelSummary;
  onDownload: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** 'manage forms' only when all generated files of the model are up to date (spec 3 §2). */
export function ManageFormsButton({ model, fill }: { model: ModelSummary; fill?: boolean }) {
  const ready = generatedFilesUpToDate(model.generatedFiles);
  const button = (
    <Button
      size="small"
      variant="outlined"
      fullWidth={fill}
      component={RouterLink}
      to={`${TEMPLATES_MANAGER_PATH}/forms/${encodeURIComponent(model.fullName)}`}
      disabled={!ready}
    >
      Manage forms
    </Button>
  );
  if (ready) return button;
  return (
    <Tooltip title={FORMS_NEED_GENERATION}>
      <span style={fill ? { display: 'flex' } : undefined}>{button}</span>
    </Tooltip>
  );
}

function tableNoteOf(model: ModelSummary): string {
  if (!model.isTableCreated) return `Table ${model.table} is not created`;
  const since = model.tableGenerationTimestamp === null ? '' : ` since ${time(model.tableGenerationTimestamp)}`;
  return `Table ${model.table} exists${since}`;
}

export function ModelCard({ model, onDownload, onDuplicate, onDelete }: ModelCardProps) {
  const tableNote = tableNoteOf(model);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`model ${model.fullName}`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
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
      {/* two even rows at every card width: the model's pages, then what is done to its file */}
      <CardActions
        disableSpacing
        sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 2, pb: 2, mt: 'auto' }}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={`${TEMPLATES_MANAGER_PATH}/data-models/update/${encodeURIComponent(model.fullName)}`}
          >
            Edit
          </Button>
          <ManageFormsButton model={model} fill />
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Button size="small" onClick={onDownload}>
            Download
          </Button>
          <Button size="small" onClick={onDuplicate}>
            Duplicate
          </Button>
          <Button
            size="small"
            color="error"
            sx={{ ml: 'auto' }}
            disabled={model.fullName === PROTECTED_MODEL}
            onClick={onDelete}
          >
            Delete
          </Button>
        </Box>
      </CardActions>
    </Card>
  );
}
