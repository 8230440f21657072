import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { fieldLabel, type FormTemplate } from '@mdis/shared';
import { formTemplate } from './offlineStore';
import { discard, recreate, resubmit } from './resolveRefused';
import { conflictFields, resolvedValues, shownValue, type Choice } from './refusedFields';
import type { QueuedOperation } from './syncQueue';

export interface ConflictDialogProps {
  /** The first refused operation; the dialog shows the next one after each decision. */
  op: QueuedOperation;
  onDecided: () => void;
  onClose: () => void;
}

const TITLES = {
  conflict: 'Changed on the server meanwhile',
  gone: 'Deleted on the server meanwhile',
  invalid: 'Not accepted by the server',
  forbidden: 'Not allowed',
  skipped: 'Waiting for another record',
} as const;

function ConflictChoices({
  op,
  form,
  onResolve,
}: {
  op: QueuedOperation;
  form?: FormTemplate;
  onResolve: (v: Record<string, unknown>) => void;
}) {
  const fields = conflictFields(op, form);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Someone changed this record on the server after you took it offline. Choose, field by field, which value to
        keep.
      </Typography>
      {fields.map((field) => (
        <Box key={field.name} role="group" aria-label={field.label} sx={{ mb: 2 }}>
          <Typography variant="subtitle2">
            {field.label}
            {field.changedOnServer ? ' (changed on the server)' : ''}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={choices[field.name] ?? 'mine'}
            onChange={(_event, value: Choice | null) => value && setChoices({ ...choices, [field.name]: value })}
            sx={{ flexWrap: 'wrap', mt: 0.5 }}
          >
            <ToggleButton
              value="server"
              aria-label={`Server: ${shownValue(field.server)}`}
              sx={{ textTransform: 'none' }}
            >
              Server: {shownValue(field.server)}
            </ToggleButton>
            <ToggleButton value="mine" aria-label={`Yours: ${shownValue(field.mine)}`} sx={{ textTransform: 'none' }}>
              Yours: {shownValue(field.mine)}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      ))}
      <DialogActions sx={{ px: 0 }}>
        <Button onClick={() => onResolve(resolvedValues(op, fields, choices, form))} variant="contained">
          Resubmit
        </Button>
      </DialogActions>
    </>
  );
}

function InvalidValues({
  op,
  form,
  onResolve,
}: {
  op: QueuedOperation;
  form?: FormTemplate;
  onResolve: (v: Record<string, unknown>) => void;
}) {
  const errors = op.refused?.errors ?? [];
  const [values, setValues] = useState<Record<string, unknown>>(op.values ?? {});
  return (
    <>
      {op.refused?.message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {op.refused.message}
        </Alert>
      )}
      {errors.map((error) => (
        <TextField
          key={error.field}
          fullWidth
          sx={{ mb: 2 }}
          label={fieldLabel(
            form?.fields.find((field) => field.name === error.field),
            undefined,
            error.field,
          )}
          value={shownValue(values[error.field]).replace('(empty)', '')}
          error
          helperText={error.message}
          onChange={(event) => setValues({ ...values, [error.field]: event.target.value })}
        />
      ))}
      <DialogActions sx={{ px: 0 }}>
        <Button onClick={() => onResolve(values)} variant="contained">
          Resubmit
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * A change the server refused on sync (issue 22 item 6): a conflict shown field by field with the
 * user's choice per field, a record deleted on the server offered for re-creation, a validation
 * failure editable; every change can also be dropped.
 */
export function ConflictDialog({ op, onDecided, onClose }: ConflictDialogProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState<FormTemplate | undefined>();
  useEffect(() => {
    if (op.form) void formTemplate(op.form).then(setForm);
  }, [op.form]);
  const status = op.refused?.status ?? 'invalid';
  const decide = (work: Promise<void>) => void work.then(onDecided);
  const what = `${op.action} of ${op.form ?? op.model ?? ''} ${String(op.id ?? op.tempId ?? '')}`;
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby="offline-conflict-title">
      <DialogTitle id="offline-conflict-title">{TITLES[status]}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Your change: {what}
        </Typography>
        {status === 'conflict' && (
          <ConflictChoices key={op.opId} op={op} form={form} onResolve={(v) => decide(resubmit(op, v))} />
        )}
        {status === 'invalid' && (
          <InvalidValues key={op.opId} op={op} form={form} onResolve={(v) => decide(resubmit(op, v))} />
        )}
        {status === 'gone' && (
          <Typography>
            The record was deleted on the server while you changed it offline. Create it again with your values?
          </Typography>
        )}
        {(status === 'forbidden' || status === 'skipped') && (
          <Alert severity="warning">{op.refused?.message ?? TITLES[status]}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        {status === 'gone' && (
          <Button variant="contained" onClick={() => decide(recreate(op))}>
            Create again
          </Button>
        )}
        <Button color="error" onClick={() => decide(discard(op))}>
          Discard my change
        </Button>
        <Button onClick={onClose}>Later</Button>
      </DialogActions>
    </Dialog>
  );
}
