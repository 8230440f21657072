import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { textFieldProps } from './textFieldProps';
import { useDraftText } from './useDraftText';

const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Typed text → the value: a number when it reads as one, null when empty, else the text (so validation names it). */
export function parseNumberText(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return NUMBER_TEXT.test(trimmed) && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
}

/** Numbers stay numbers in the record, so calculated fields add instead of concatenating. */
export function NumberFieldInput(props: FieldInputProps) {
  const draft = useDraftText(valueText(props.value));
  return (
    <TextField
      {...textFieldProps(props)}
      value={draft.text}
      onChange={(event) => {
        const value = parseNumberText(event.target.value);
        draft.keep(event.target.value, valueText(value));
        props.onChange(value);
      }}
      onBlur={draft.reset}
      slotProps={{ input: { readOnly: props.readOnly }, htmlInput: { inputMode: 'decimal' } }}
    />
  );
}
