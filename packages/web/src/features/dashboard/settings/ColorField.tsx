import { useEffect, useRef, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { WIDGET_COLOR_DEBOUNCE_MS, WIDGET_MESSAGES, isWidgetColor } from '@mdis/shared';
import { PALETTE_NAMES, toSixDigitHex, widgetCssColor } from '../widgetColor';

export interface ColorFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** A message from the server, shown when the value itself looks valid. */
  error?: string;
}

const PALETTE_LIST_ID = 'widget-palette-names';

/**
 * A palette name ('blue darken-2'), typed or chosen from the suggestions, or a hex value picked
 * with the browser's colour picker; the picker fires on every move, so it applies after 300 ms.
 */
export function ColorField({ value, onChange, error }: ColorFieldProps) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const message = isWidgetColor(value) ? error : WIDGET_MESSAGES.color;

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.value;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(picked), WIDGET_COLOR_DEBOUNCE_MS);
  };

  return (
    <>
      <TextField
        label="Color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(message)}
        helperText={message ?? "a palette name such as 'blue darken-2' or a hex value such as #1E88E5"}
        fullWidth
        slotProps={{
          htmlInput: { list: PALETTE_LIST_ID, autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Box
                  component="input"
                  type="color"
                  aria-label="pick a color"
                  value={toSixDigitHex(widgetCssColor(value))}
                  onChange={handlePick}
                  sx={{ width: 36, height: 28, p: 0, border: 0, background: 'none', cursor: 'pointer' }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      <datalist id={PALETTE_LIST_ID}>
        {PALETTE_NAMES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
