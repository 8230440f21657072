import TextField from '@mui/material/TextField';
import { valueText } from '@mdis/shared';
import {
  DATETIME_PLACEHOLDER,
  INVALID_DATE,
  formatDateTime,
  parseStoredDateTime,
  shownDateTime,
  parseTypedDateTime,
  toStoredDateTime,
} from './dateTimeFormat';
import type { FieldInputProps } from './fieldInputProps';
import { NativePickerButton, pickerLabel } from './NativePickerButton';
import { textFieldProps } from './textFieldProps';
import { useDraftText } from './useDraftText';

/** Typed text → the value: the UTC database format when it reads as a datetime, null when empty, else the text. */
export function parseDateTimeText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const date = parseTypedDateTime(trimmed);
  return date ? toStoredDateTime(date) : trimmed;
}

/**
 * Typed as yyyy-MM-dd HH:mm (or with a three-letter month name) and stored in UTC. Every keystroke
 * reaches the record, so a save by shortcut never loses what was typed; text that is no date stays
 * in the record so that validation refuses the save ('Invalid Date'). Leaving the field (or Enter)
 * shows the value in the Y-m-d H:i form.
 */
export function DateTimeFieldInput(props: FieldInputProps) {
  const shown = shownDateTime(props.value);
  const draft = useDraftText(shown);
  const stored = parseStoredDateTime(props.value);
  const invalid = valueText(props.value) !== '' && stored === null;
  const base = textFieldProps({ ...props, error: props.error ?? (invalid ? INVALID_DATE : undefined) });
  const editable = !props.readOnly && !props.disabled;
  const pick = (picked: string) => {
    const date = parseTypedDateTime(picked.replace('T', ' '));
    draft.reset();
    if (date) props.onChange(toStoredDateTime(date));
  };

  return (
    <TextField
      {...base}
      slotProps={{
        ...base.slotProps,
        input: {
          readOnly: props.readOnly,
          endAdornment: editable ? (
            <NativePickerButton
              type="datetime-local"
              value={stored ? formatDateTime(stored).replace(' ', 'T') : ''}
              label={pickerLabel(props.label)}
              onPick={pick}
            />
          ) : undefined,
        },
      }}
      placeholder={DATETIME_PLACEHOLDER}
      value={draft.text}
      onChange={(event) => {
        const value = parseDateTimeText(event.target.value);
        draft.keep(event.target.value, shownDateTime(value));
        if (value !== (props.value ?? null)) props.onChange(value);
      }}
      onBlur={draft.reset}
      onKeyDown={(event) => {
        if (event.key === 'Enter') draft.reset();
      }}
    />
  );
}
