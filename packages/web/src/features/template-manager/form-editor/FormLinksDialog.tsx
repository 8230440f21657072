import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { DialogHeader } from '../../../ui/DialogHeader';

export interface FormLinksDialogProps {
  title: string;
  candidates: readonly string[];
  selected: readonly string[];
  onApply: (selected: string[]) => void;
  onClose: () => void;
}

/** Picks the forms the form's Parent Forms or Child Forms buttons open. */
export function FormLinksDialog({ title, candidates, selected: initial, onApply, onClose }: FormLinksDialogProps) {
  const [selected, setSelected] = useState(() => new Set(initial));
  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    setSelected(next);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="form-links-title" fullWidth maxWidth="xs">
      <DialogHeader id="form-links-title" onClose={onClose}>
        {title}
      </DialogHeader>
      <DialogContent>
        {candidates.length === 0 ? (
          <Typography color="text.secondary">No forms to choose from.</Typography>
        ) : (
          <FormGroup>
            {candidates.map((name) => (
              <FormControlLabel
                key={name}
                label={name}
                control={<Checkbox checked={selected.has(name)} onChange={(_event, on) => toggle(name, on)} />}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => {
            onApply(candidates.filter((name) => selected.has(name)));
            onClose();
          }}
        >
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
