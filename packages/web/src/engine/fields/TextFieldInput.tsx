import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { textFieldProps } from './textFieldProps';

export function TextFieldInput(props: FieldInputProps) {
  return (
    <TextField
      {...textFieldProps(props)}
      value={valueText(props.value)}
      onChange={(event) => {
        props.onChange(event.target.value);
      }}
    />
  );
}
