import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { GeneratedFile } from './templateManager.api';

/** The generated code files of a model; a popover lists them, marking those older than the template. */
export function GeneratedFilesNote({ modelName, files }: { modelName: string; files: GeneratedFile[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (files.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No generated files
      </Typography>
    );
  const outdated = files.filter((f) => f.modified).length;
  return (
    <>
      <Button size="small" onClick={(event) => setAnchor(event.currentTarget)} sx={{ px: 0 }}>
        {files.length} generated files{outdated > 0 ? `, ${outdated} older than the template` : ''}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <List dense aria-label={`generated files of ${modelName}`}>
          {files.map((file) => (
            <ListItem key={file.path}>
              <ListItemText
                primary={file.path}
                secondary={file.modified ? 'older than the template' : 'up to date'}
                slotProps={{ secondary: { color: file.modified ? 'warning.main' : 'text.secondary' } }}
              />
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
