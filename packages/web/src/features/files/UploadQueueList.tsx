import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { formatFileSize, type QueuedFile } from './uploadQueue';

export interface UploadQueueListProps {
  queue: readonly QueuedFile[];
  onRemove: (name: string) => void;
}

function statusText(entry: QueuedFile): string {
  if (entry.status === 'failed') return entry.error ? `failed: ${entry.error}` : 'failed';
  if (entry.status === 'uploading') return `${entry.progress} %`;
  return 'waiting';
}

/** The queued files, each with its own progress bar. */
export function UploadQueueList({ queue, onRemove }: UploadQueueListProps) {
  if (queue.length === 0) return <Typography color="text.secondary">No files in the queue.</Typography>;
  return (
    <List dense aria-label="Upload queue">
      {queue.map((entry) => (
        <ListItem
          key={entry.name}
          aria-label={entry.name}
          secondaryAction={
            <IconButton
              edge="end"
              aria-label={`remove ${entry.name}`}
              disabled={entry.status === 'uploading'}
              onClick={() => onRemove(entry.name)}
            >
              <CloseIcon />
            </IconButton>
          }
        >
          <ListItemText
            primary={entry.name}
            secondary={
              <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <LinearProgress
                  variant="determinate"
                  value={entry.progress}
                  color={entry.status === 'failed' ? 'error' : 'primary'}
                  aria-label={`progress of ${entry.name}`}
                  sx={{ flex: 1 }}
                />
                <Box
                  component="span"
                  sx={{ minWidth: 120, color: entry.status === 'failed' ? 'error.main' : undefined }}
                >
                  {`${formatFileSize(entry.file.size)} · ${statusText(entry)}`}
                </Box>
              </Box>
            }
            slotProps={{ secondary: { component: 'span' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
