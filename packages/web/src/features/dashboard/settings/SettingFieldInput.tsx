import type { ComponentType } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { displayText } from '../widgets/settingValues';
import type { SettingField } from '../widgets/widgetTypes';
import { ImageSettingInput } from './ImageSettingInput';
import { LinksSettingInput } from './LinksSettingInput';
import { ColumnSettingInput, ModelSettingInput } from './ModelSettingInputs';

export interface SettingInputProps<F extends SettingField = SettingField> {
  field: F;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  /** Every setting of the draft: a column picker reads its model from it. */
  settings: Record<string, unknown>;
}

const asText = displayText;

function TextSettingInput({ field, value, error, onChange }: SettingInputProps) {
  const helperText = 'helperText' in field ? field.helperText : undefined;
  return (
    <TextField
      label={field.label}
      value={asText(value)}
      onChange={(event) => onChange(event.target.value)}
      multiline={field.kind === 'textarea'}
      minRows={field.kind === 'textarea' ? 3 : undefined}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
    />
  );
}

function NumberSettingInput({ field, value, error, onChange }: SettingInputProps) {
  // Kept as typed while it is not a number, so the server's or the schema's message can name it.
  return (
    <TextField
      label={field.label}
      value={asText(value)}
      onChange={(event) => {
        const text = event.target.value;
        onChange(text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);
      }}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      fullWidth
    />
  );
}

function SelectSettingInput({ field, value, error, onChange }: SettingInputProps) {
  const options = field.kind === 'select' ? field.options : [];
  return (
    <TextField
      select
      label={field.label}
      value={asText(value)}
      onChange={(event) => {
        const picked = options.find((option) => String(option) === event.target.value);
        onChange(picked ?? event.target.value);
      }}
      error={Boolean(error)}
      helperText={error}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={String(option)} value={String(option)}>
          {String(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ListSettingInput({ field, value, error, onChange }: SettingInputProps) {
  const text = Array.isArray(value) ? value.map(String).join(', ') : asText(value);
  const helperText = 'helperText' in field ? field.helperText : undefined;
  return (
    <TextField
      label={field.label}
      defaultValue={text}
      onChange={(event) =>
        onChange(
          event.target.value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== ''),
        )
      }
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
    />
  );
}

const INPUTS: Record<SettingField['kind'], ComponentType<SettingInputProps>> = {
  text: TextSettingInput,
  textarea: TextSettingInput,
  number: NumberSettingInput,
  select: SelectSettingInput,
  list: ListSettingInput,
  image: ImageSettingInput,
  links: LinksSettingInput,
  model: ModelSettingInput,
  column: ColumnSettingInput,
};

/** The input of one type-specific setting, chosen by its kind. */
export function SettingFieldInput(props: SettingInputProps) {
  const Input = INPUTS[props.field.kind];
  return <Input {...props} />;
}
