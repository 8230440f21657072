import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SettingInputProps } from './SettingFieldInput';
import { hasExtension, imageFileToDataUrl } from './scaleImage';

/** An image kept in the settings as a data URL, scaled to fit 1920×1080 before it is stored. */
export function ImageSettingInput({ field, value, error, onChange }: SettingInputProps) {
  const image = typeof value === 'string' ? value : '';
  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !hasExtension(file.name)) return;
    onChange(await imageFileToDataUrl(file));
  };
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {field.label}
      </Typography>
      {image && <Box component="img" src={image} alt={field.label} sx={{ maxWidth: 200, maxHeight: 120, my: 1 }} />}
      <Stack direction="row" spacing={1}>
        <Button component="label" variant="outlined" size="small">
          Choose image
          <input hidden type="file" accept="image/*" onChange={(event) => void handleFile(event)} />
        </Button>
        {image && (
          <Button size="small" onClick={() => onChange('')}>
            Remove image
          </Button>
        )}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
