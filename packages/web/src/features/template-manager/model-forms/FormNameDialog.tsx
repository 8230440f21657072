import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { toKebabCase } from '@mdis/shared';
import { DialogHeader } from '../../../ui/DialogHeader';

/** 'Name of new form is invalid' (spec 3 §8): nothing left of the name in kebab-case. */
export const INVALID_FORM_NAME = 'Name of new form is invalid';

export interface FormNameDialogProps {
  title: string;
  confirmLabel: string;
  busy: boolean;
  /** The failure to show (the server's message or the fallback text), or null. */
  failure: string | null;
  onConfirm: (newName: string) => void;
  onClose: () => void;
}

/** Asks the name of a duplicated or renamed form, kebab-case as the server will store it. */
export function FormNameDialog({ title, confirmLabel, busy, failure, onConfirm, onClose }: FormNameDialogProps) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const handleConfirm = () => {
    const name = toKebabCase(text);
    setInvalid(name === '');
    if (name !== '') onConfirm(name);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="form-name-title" fullWidth maxWidth="xs">
      <DialogHeader id="form-name-title" onClose={onClose}>
        {title}
      </DialogHeader>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="New name"
          value={text}
          error={invalid}
          helperText={invalid ? INVALID_FORM_NAME : `Saved as ${toKebabCase(text) || '…'}`}
          onChange={(event) => setText(event.target.value)}
        />
        {failure && (
          <Alert severity="warning" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy} onClick={handleConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
