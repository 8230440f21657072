import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { displayText } from '../widgets/settingValues';
import type { SettingInputProps } from './SettingFieldInput';

interface Link {
  label: string;
  link: string;
}

const toLinks = (value: unknown): Link[] =>
  Array.isArray(value)
    ? value.map((item: unknown) => {
        const entry = (item ?? {}) as { label?: unknown; link?: unknown };
        return { label: displayText(entry.label), link: displayText(entry.link) };
      })
    : [];

/** The Instructions widget's extra links: rows of label and link. */
export function LinksSettingInput({ field, value, error, onChange }: SettingInputProps) {
  const links = toLinks(value);
  const change = (index: number, patch: Partial<Link>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {field.label}
      </Typography>
      {links.map((link, index) => (
        <Stack key={index} direction="row" spacing={1} alignItems="center">
          <TextField
            label="Label"
            value={link.label}
            onChange={(event) => change(index, { label: event.target.value })}
          />
          <TextField
            label="Link"
            value={link.link}
            onChange={(event) => change(index, { link: event.target.value })}
            sx={{ flexGrow: 1 }}
          />
          <IconButton
            aria-label={`remove link ${String(index + 1)}`}
            onClick={() => onChange(links.filter((_, i) => i !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Button size="small" onClick={() => onChange([...links, { label: '', link: '' }])}>
        Add link
      </Button>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
