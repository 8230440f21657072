import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/** A name field and an add button ('Add column', 'Add index'); the editor converts the name. */
export function AddNamedItem({
  label,
  action,
  onAdd,
}: {
  label: string;
  action: string;
  onAdd: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const add = () => {
    if (name.trim() === '') return;
    onAdd(name);
    setName('');
  };
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        label={label}
        size="small"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
      />
      <Button variant="outlined" onClick={add}>
        {action}
      </Button>
    </Stack>
  );
}
