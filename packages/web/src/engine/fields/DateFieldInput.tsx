import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { textFieldProps } from './textFieldProps';

/** The ISO date (yyyy-MM-dd); a stored timestamp shows its date part. */
export function DateFieldInput(props: FieldInputProps) {
  const text = valueText(props.value);
  const base = textFieldProps(props);
  return (
    <TextField
      {...base}
      type="date"
      value={/^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text}
      onChange={(event) => {
        props.onChange(event.target.value === '' ? null : event.target.value);
      }}
      slotProps={{ ...base.slotProps, inputLabel: { shrink: true } }}
    />
  );
}
