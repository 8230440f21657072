import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { textFieldProps } from './textFieldProps';

/** A time of day, HH:mm in 24 hours. */
export function TimeFieldInput(props: FieldInputProps) {
  const base = textFieldProps(props);
  return (
    <TextField
      {...base}
      type="time"
      value={valueText(props.value)}
      onChange={(event) => {
        props.onChange(event.target.value === '' ? null : event.target.value);
      }}
      slotProps={{ ...base.slotProps, inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
    />
  );
}
