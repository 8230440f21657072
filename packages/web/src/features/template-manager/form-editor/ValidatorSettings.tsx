import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ColumnTemplate, FormField } from '@mdis/shared';
import { parseBound, rangeValidatorKind, setBound, toggleValidator, validatorOptions } from './fieldSettings';

export interface ValidatorSettingsProps {
  field: FormField;
  column: ColumnTemplate | undefined;
  onChange: (field: FormField) => void;
  /** Whether min/max hold something that is not a number (the dialog cannot apply then). */
  onBoundsValid: (valid: boolean) => void;
}

const LABELS = { required: 'Required', number: 'Number', string: 'String' } as const;

function BoundInput(props: {
  bound: 'min' | 'max';
  initial: number | null | undefined;
  onValue: (value: number | null) => void;
  onValid: (valid: boolean) => void;
}) {
  const [text, setText] = useState(props.initial == null ? '' : String(props.initial));
  const { error } = parseBound(props.bound, text);
  return (
    <TextField
      label={props.bound === 'min' ? 'Min' : 'Max'}
      size="small"
      value={text}
      error={Boolean(error)}
      helperText={error ?? ' '}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parseBound(props.bound, event.target.value);
        props.onValid(!parsed.error);
        if (!parsed.error) props.onValue(parsed.value);
      }}
    />
  );
}

/**
 * Validators, with required forced on when the database requires the column and off for pseudo
 * columns, number only for integer/double and string only for string/string_multiple (spec 3 §5),
 * and min/max on the number or string validator.
 */
export function ValidatorSettings({ field, column, onChange, onBoundsValid }: ValidatorSettingsProps) {
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const options = validatorOptions(field, column).filter((option) => option.applies);
  const rangeKind = rangeValidatorKind(column);
  const range = field.validators.find((v) => v.type === rangeKind);
  const handleValid = (bound: string) => (valid: boolean) => {
    const next = { ...invalid, [bound]: !valid };
    setInvalid(next);
    onBoundsValid(!Object.values(next).some(Boolean));
  };
  return (
    <Stack spacing={1}>
      <FormGroup row aria-label="Validators">
        {options.map((option) => (
          <FormControlLabel
            key={option.kind}
            label={LABELS[option.kind]}
            control={
              <Checkbox
                checked={option.checked}
                disabled={option.locked}
                onChange={(_event, on) => onChange(toggleValidator(field, column, option.kind, on))}
              />
            }
          />
        ))}
      </FormGroup>
      {rangeKind && range && (
        <Stack direction="row" spacing={2}>
          {(['min', 'max'] as const).map((bound) => (
            <BoundInput
              key={bound}
              bound={bound}
              initial={range[bound]}
              onValue={(value) => onChange(setBound(field, rangeKind, bound, value))}
              onValid={handleValid(bound)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
