import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DialogHeader } from '../../ui/DialogHeader';

export const FILTER_BY_VALUE_TITLE = 'Filter by value';
/** How to write a filter, empty values included (the parser takes `null` in any spelling). */
export const FILTER_BY_VALUE_HELP =
  'Numbers use operators such as > 400 or = 3.141; text uses regular expressions. ' +
  'Type null to find empty values and != null to find filled ones.';

export interface ValueFilterField {
  name: string;
  label: string;
  /** Numbers take operators (`> 400`, `= 3.141`); text is a regular expression. */
  kind: 'number' | 'text';
}

export interface FilterByValueDialogProps {
  open: boolean;
  fields: ValueFilterField[];
  value: Record<string, string>;
  onApply: (next: Record<string, string>) => void;
  onClose: () => void;
}

function hintOf(kind: ValueFilterField['kind']): string {
  return kind === 'number' ? 'e.g. > 400 or = 3.141' : 'a regular expression, e.g. ^5065';
}

function FilterByValueForm({ fields, value, onApply, onClose }: Omit<FilterByValueDialogProps, 'open'>) {
  const [draft, setDraft] = useState<Record<string, string>>(value);
  const apply = () => {
    const cleaned = Object.fromEntries(Object.entries(draft).filter(([, expression]) => expression.trim() !== ''));
    onApply(cleaned);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{FILTER_BY_VALUE_HELP}</DialogContentText>
        <Stack spacing={2}>
          {fields.map((field) => (
            <TextField
              key={field.name}
              size="small"
              label={field.label}
              helperText={hintOf(field.kind)}
              value={draft[field.name] ?? ''}
              onChange={(event) => {
                setDraft((d) => ({ ...d, [field.name]: event.target.value }));
              }}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDraft({})}>Clear all</Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained">
          Apply
        </Button>
      </DialogActions>
    </form>
  );
}

/** The filter-by-value form (alt+shift+f): one expression per searchable field. */
export function FilterByValueDialog({ open, onClose, ...rest }: FilterByValueDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="filter-by-value-title" fullWidth maxWidth="sm">
      <DialogHeader id="filter-by-value-title" onClose={onClose}>
        {FILTER_BY_VALUE_TITLE}
      </DialogHeader>
      {open && <FilterByValueForm onClose={onClose} {...rest} />}
    </Dialog>
  );
}
