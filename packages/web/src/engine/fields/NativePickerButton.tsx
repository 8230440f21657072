import { useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import EventIcon from '@mui/icons-material/Event';

/** The picker button's name: 'Pick <label>' (without the required mark). */
export function pickerLabel(fieldLabel: string): string {
  return `Pick ${fieldLabel.replace(/^\*\s*/, '')}`;
}

export interface NativePickerButtonProps {
  /** `date` gives yyyy-MM-dd, `datetime-local` yyyy-MM-ddTHH:mm (local time), whatever the browser's locale. */
  type: 'date' | 'datetime-local';
  /** The value to open the picker at, in the picker's format ('' for none). */
  value: string;
  label: string;
  onPick: (value: string) => void;
}

/**
 * A calendar button beside a typed ISO date: it opens the browser's own picker on a hidden input,
 * whose value is ISO in every locale. The field itself stays text, because a visible date input
 * shows and takes the browser's locale (mm/dd/yyyy: typing 2026-12-20 gave 61220-02-02).
 */
export function NativePickerButton({ type, value, label, onPick }: NativePickerButtonProps) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <InputAdornment position="end">
      <IconButton
        size="small"
        edge="end"
        aria-label={label}
        tabIndex={-1}
        onClick={() => {
          const input = picker.current;
          if (!input) return;
          try {
            input.showPicker();
          } catch {
            input.click(); // browsers without showPicker (or outside a user gesture)
          }
        }}
      >
        <EventIcon fontSize="small" />
      </IconButton>
      <input
        ref={picker}
        type={type}
        value={value}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${label} picker`}
        onChange={(event) => {
          if (event.target.value !== '') onPick(event.target.value);
        }}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none', right: 0, bottom: 0 }}
      />
    </InputAdornment>
  );
}
