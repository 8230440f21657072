import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled section of the editor, a landmark named by its heading. */
export function EditorSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `model-editor-${title.toLowerCase()}`;
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}
