import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { textFieldProps } from './textFieldProps';

export const UNSUPPORTED_INPUT_TYPE = 'Dis: Unsupported input type';

/**
 * A template names an input type the registry does not know: a disabled field saying 'Dis: Unsupported
 * input type' (spec 1 §5).
 */
export function UnsupportedFieldInput(props: FieldInputProps) {
  return (
    <TextField
      {...textFieldProps({ ...props, error: UNSUPPORTED_INPUT_TYPE, disabled: true })}
      value={valueText(props.value)}
    />
  );
}
