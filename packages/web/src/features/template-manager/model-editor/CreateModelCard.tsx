import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface CreateModelCardProps {
  modules: readonly string[];
  /** The module chosen in the page's filter, when one is. */
  preferred: string;
}

/** The card to create a data model template in a table set (module), spec 3 §2. */
export function CreateModelCard({ modules, preferred }: CreateModelCardProps) {
  const [picked, setPicked] = useState('');
  const module = picked || preferred || (modules[0] ?? '');
  return (
    <Card variant="outlined" component="section" aria-label="create a data model" sx={{ p: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          label="Module of the new model"
          size="small"
          sx={{ minWidth: 200 }}
          value={modules.includes(module) ? module : ''}
          onChange={(e) => setPicked(e.target.value)}
        >
          {modules.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          component={RouterLink}
          to={`/settings/templates-manager/data-models/new/${encodeURIComponent(module)}`}
          disabled={!module}
        >
          Create model
        </Button>
      </Stack>
    </Card>
  );
}
