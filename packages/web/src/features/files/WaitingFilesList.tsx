import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { QueuedFileInfo } from '../offline/offlineFiles';
import { formatFileSize } from './uploadQueue';

export const WAITING_HEADING = 'Waiting for the network';

/** Files kept offline (issue 22 item 5): each with the record it goes to, uploaded by the next sync. */
export function WaitingFilesList({ files }: { files: readonly QueuedFileInfo[] }) {
  if (files.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {WAITING_HEADING}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Kept in this browser; uploaded to their record by the next sync.
      </Typography>
      <List dense aria-label={WAITING_HEADING}>
        {files.map((file) => (
          <ListItem key={file.opId} aria-label={file.name} disableGutters>
            <ListItemText
              primary={file.name}
              secondary={`${formatFileSize(file.size)} · for ${file.target.label}${file.error ? ` · failed: ${file.error}` : ''}`}
              slotProps={{ secondary: { color: file.error ? 'error' : undefined } }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
