import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { failureText, useDuplicateModel } from './useTemplateMutations';
import { DialogHeader } from '../../ui/DialogHeader';

/** Asks the new name of a copy of `modelName`; the server renames table and relation keys. */
export function DuplicateModelDialog({ modelName, onClose }: { modelName: string; onClose: () => void }) {
  // The server wants the new full name (module first): offer one to edit rather than a blank field.
  const [newName, setNewName] = useState(`${modelName}Copy`);
  const duplicate = useDuplicateModel(onClose);
  return (
    <Dialog open onClose={onClose} aria-labelledby="duplicate-model-title" fullWidth maxWidth="xs">
      <DialogHeader id="duplicate-model-title" onClose={onClose}>
        Duplicate {modelName}
      </DialogHeader>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="New name"
          helperText="The full name: the module, then the model's name (e.g. CurationCrate)"
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
        />
        {duplicate.isError && (
          <Alert severity="warning" sx={{ whiteSpace: 'pre-line', mt: 1 }}>
            {failureText(duplicate.error, 'error: cannot duplicate template')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!newName.trim() || duplicate.isPending}
          onClick={() => duplicate.mutate({ oldName: modelName, newName: newName.trim() })}
        >
          Duplicate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
