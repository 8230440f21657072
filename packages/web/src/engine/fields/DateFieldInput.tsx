import TextField from '@mui/material/TextField';
import { INVALID_DATE, isIsoDate, shownDate } from './dateTimeFormat';
import type { FieldInputProps } from './fieldInputProps';
import { NativePickerButton, pickerLabel } from './NativePickerButton';
import { textFieldProps } from './textFieldProps';

export const DATE_PLACEHOLDER = 'yyyy-MM-dd';

/**
 * The ISO date (yyyy-MM-dd) as in the original, typed or picked, in every browser locale. What is
 * typed reaches the record as it is, so that an impossible date ('2026-02-30') is a field error
 * and the save is refused instead of the text being lost.
 */
export function DateFieldInput(props: FieldInputProps) {
  const text = shownDate(props.value);
  const invalid = text !== '' && !isIsoDate(text);
  const base = textFieldProps({ ...props, error: props.error ?? (invalid ? INVALID_DATE : undefined) });
  const editable = !props.readOnly && !props.disabled;
  return (
    <TextField
      {...base}
      placeholder={DATE_PLACEHOLDER}
      value={text}
      onChange={(event) => {
        const typed = event.target.value.trim();
        props.onChange(typed === '' ? null : typed);
      }}
      slotProps={{
        ...base.slotProps,
        input: {
          readOnly: props.readOnly,
          endAdornment: editable ? (
            <NativePickerButton
              type="date"
              value={invalid ? '' : text}
              label={pickerLabel(props.label)}
              onPick={(picked) => props.onChange(picked)}
            />
          ) : undefined,
        },
      }}
    />
  );
}
