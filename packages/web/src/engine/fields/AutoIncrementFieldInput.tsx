import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { textFieldProps } from './textFieldProps';

/** The next value comes from the server's defaults; left empty, the server assigns it on save. */
export function AutoIncrementFieldInput(props: FieldInputProps) {
  return (
    <TextField
      {...textFieldProps(props)}
      placeholder="auto"
      value={valueText(props.value)}
      onChange={(event) => {
        props.onChange(event.target.value === '' ? null : event.target.value);
      }}
    />
  );
}
