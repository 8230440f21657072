import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldError } from '@mdis/shared';
import type { EditorScenario } from './useSaveForm';

/** A save's 422 answer as a dismissible list of 'field: message' (spec 3 §8). */
export function ErrorSummary({ errors, onDismiss }: { errors: readonly FieldError[]; onDismiss: () => void }) {
  if (errors.length === 0) return null;
  return (
    <Alert severity="error" onClose={onDismiss} aria-label="Validation errors">
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {errors.map((error, index) => (
          <li key={`${error.field}-${String(index)}`}>{`${error.field}: ${error.message}`}</li>
        ))}
      </ul>
    </Alert>
  );
}

export interface FormNameFieldsProps {
  scenario: EditorScenario;
  name: string;
  error: string | null;
  modelFullName: string;
  onChange: (name: string) => void;
  /** Leaving the name field: the editor converts it to kebab-case. */
  onBlur: () => void;
}

/** The form name (read-only on update) and the fixed data model. */
export function FormNameFields({ scenario, name, error, modelFullName, onChange, onBlur }: FormNameFieldsProps) {
  const readOnly = scenario === 'update';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="Form name"
        required
        value={name}
        error={error !== null}
        helperText={error ?? (readOnly ? 'The name cannot change here (use rename)' : ' ')}
        slotProps={{ htmlInput: { readOnly } }}
        onChange={(event) => onChange(event.target.value)}
        onBlur={readOnly ? undefined : onBlur}
      />
      <TextField label="Data model" value={modelFullName} slotProps={{ htmlInput: { readOnly: true } }} />
    </Stack>
  );
}

export interface FormEditorActionsProps {
  scenario: EditorScenario;
  supForms: readonly string[];
  subForms: readonly string[];
  busy: boolean;
  onParentForms: () => void;
  onChildForms: () => void;
  onSave: () => void;
  onSaveAndGenerate: () => void;
}

/** Parent Forms / Child Forms buttons with the picks, Save, and Save & Generate (not in create). */
export function FormEditorActions(props: FormEditorActionsProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
      <Button variant="outlined" onClick={props.onParentForms}>
        Parent Forms
      </Button>
      <Button variant="outlined" onClick={props.onChildForms}>
        Child Forms
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        Parent: {props.supForms.join(', ') || 'none'} · Children: {props.subForms.join(', ') || 'none'}
      </Typography>
      {/* one primary action: Save while creating, Save & Generate once the form exists */}
      <Button
        variant={props.scenario === 'create' ? 'contained' : 'outlined'}
        disabled={props.busy}
        onClick={props.onSave}
      >
        Save
      </Button>
      <Button
        variant={props.scenario === 'create' ? 'outlined' : 'contained'}
        disabled={props.scenario === 'create' || props.busy}
        onClick={props.onSaveAndGenerate}
      >
        Save &amp; Generate
      </Button>
    </Stack>
  );
}
