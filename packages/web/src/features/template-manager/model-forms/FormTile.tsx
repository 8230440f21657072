import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { GeneratedFilesNote } from '../GeneratedFilesNote';
import type { FormTemplateSummary } from '../templateManager.api';

const time = (seconds: number | null) => (seconds === null ? '—' : new Date(seconds * 1000).toLocaleString());

/** Never generated, generated and current, or generated before the template last changed. */
export function generationState(form: FormTemplateSummary): { text: string; color: string } {
  if (form.generatedAt === null && form.generatedFiles.length === 0)
    return { text: 'Not generated', color: 'warning.main' };
  if (form.generatedFiles.some((file) => file.modified))
    return { text: 'Generated files are older than the template', color: 'warning.main' };
  return { text: `Generated ${time(form.generatedAt)}`, color: 'success.main' };
}

export interface FormTileProps {
  form: FormTemplateSummary;
  editPath: string;
  /** A form of ArchiveFile: the server neither creates (duplicates), renames nor deletes one (spec 3 §9). */
  protectedForm: boolean;
  onDuplicate: () => void;
  onRename: () => void;
  onDownload: () => void;
  onDelete: () => void;
  onGenerate: () => void;
}

/** One form of the model: name, modified time, generation state and files, its actions. */
export function FormTile(props: FormTileProps) {
  const { form } = props;
  const state = generationState(form);
  return (
    <Card variant="outlined" component="article" aria-label={`form ${form.name}`}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {form.name}
        </Typography>
        <Typography variant="body2">Modified: {time(form.modifiedAt)}</Typography>
        <Typography variant="body2" color={state.color}>
          {state.text}
        </Typography>
        <GeneratedFilesNote modelName={form.name} files={form.generatedFiles} />
        {form.customVueFile && <Chip size="small" color="success" label="Specialised React form" sx={{ mt: 0.5 }} />}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button size="small" component={RouterLink} to={props.editPath}>
          Edit
        </Button>
        <Button size="small" onClick={props.onGenerate}>
          Generate
        </Button>
        <Button size="small" disabled={props.protectedForm} onClick={props.onDuplicate}>
          Duplicate
        </Button>
        <Button size="small" disabled={props.protectedForm} onClick={props.onRename}>
          Rename
        </Button>
        <Button size="small" onClick={props.onDownload}>
          Download
        </Button>
        <Button size="small" color="error" disabled={props.protectedForm} onClick={props.onDelete}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
