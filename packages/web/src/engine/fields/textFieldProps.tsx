import type { ReactNode } from 'react';
import type { TextFieldProps } from '@mui/material/TextField';
import type { FieldInputProps } from './fieldInputProps';
import { FieldHelperText } from './FieldHelperText';

/** The message and counter under a field, or nothing. */
export function fieldHelper({ error, counter }: FieldInputProps): ReactNode {
  return error || counter ? <FieldHelperText message={error} counter={counter} /> : undefined;
}

/** The TextField props every text-like input shares: id, label, message, counter, read-only. */
export function textFieldProps(props: FieldInputProps): TextFieldProps {
  const { field, label, error, disabled, readOnly } = props;
  return {
    id: `field-${field.name}`,
    name: field.name,
    label,
    title: field.description ?? undefined,
    error: Boolean(error),
    helperText: fieldHelper(props),
    disabled,
    fullWidth: true,
    size: 'small',
    slotProps: { input: { readOnly } },
  };
}
