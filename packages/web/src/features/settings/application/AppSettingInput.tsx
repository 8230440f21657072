import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { AppSettingField } from './appSettingsFields';

export interface AppSettingInputProps {
  field: AppSettingField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function ImageInput({ field, value, error, onChange }: AppSettingInputProps) {
  const image = textOf(value);
  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChange(await readAsDataUrl(file));
  };
  // A long data URL is not worth showing as text: the thumbnail says what it is.
  const isDataUrl = image.startsWith('data:');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label={field.label}
        fullWidth
        value={isDataUrl ? '(picked image file)' : image}
        disabled={isDataUrl}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? field.helperText}
      />
      {image && <Box component="img" src={image} alt={`${field.label} preview`} sx={{ height: 48, maxWidth: 96 }} />}
      <Button component="label" variant="outlined" sx={{ flexShrink: 0 }}>
        Choose image
        <input hidden type="file" accept="image/*" onChange={(event) => void handleFile(event)} />
      </Button>
      {image && <Button onClick={() => onChange('')}>Remove</Button>}
    </Stack>
  );
}

/** One application setting: a text field, switch, select or image (URL or picked file). */
export function AppSettingInput(props: AppSettingInputProps) {
  const { field, value, error, onChange } = props;
  if (field.kind === 'image') return <ImageInput {...props} />;
  if (field.kind === 'switch') {
    return (
      <Box>
        <FormControlLabel
          control={<Switch checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
          label={field.label}
        />
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Box>
    );
  }
  return (
    <TextField
      select={field.kind === 'select'}
      label={field.label}
      fullWidth
      value={textOf(value)}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? field.helperText}
    >
      {field.options?.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}
