import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { textFieldProps } from './textFieldProps';

export function TextareaFieldInput(props: FieldInputProps) {
  return (
    <TextField
      {...textFieldProps(props)}
      multiline
      minRows={2}
      maxRows={8}
      value={valueText(props.value)}
      onChange={(event) => {
        props.onChange(event.target.value);
      }}
    />
  );
}
