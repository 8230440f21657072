import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { FieldInputProps } from './fieldInputProps';

const YES = 1;
const NO = 0;

export function isSwitchOn(value: unknown): boolean {
  return value === true || value === YES || value === '1' || value === 'true';
}

/** yes = 1, no = 0 (spec 1 §5). */
export function SwitchFieldInput({ field, label, value, onChange, error, disabled, readOnly }: FieldInputProps) {
  return (
    <FormControl error={Boolean(error)} title={field.description ?? undefined}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            id={`field-${field.name}`}
            name={field.name}
            checked={isSwitchOn(value)}
            disabled={disabled || readOnly}
            onChange={(event) => {
              onChange(event.target.checked ? YES : NO);
            }}
          />
        }
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
