import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { textFieldProps } from './textFieldProps';

/** Always disabled: the panel recomputes it on every change of the record. */
export function CalculatedFieldInput(props: FieldInputProps) {
  return <TextField {...textFieldProps({ ...props, disabled: true })} value={valueText(props.value)} />;
}
