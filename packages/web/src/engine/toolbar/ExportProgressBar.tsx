import { useSyncExternalStore } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Typography from '@mui/material/Typography';
import { exportProgressStore } from './exportDownload';

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}

/** While an export downloads: its title, how many records it holds and how much has arrived. */
export function ExportProgressBar() {
  const progress = useSyncExternalStore(exportProgressStore.subscribe, exportProgressStore.get);
  if (!progress) return null;
  const records = progress.records === undefined ? '' : `${progress.records.toLocaleString('en-US')} records, `;
  // in the body: on a phone the Export menu lives in the closed 'More actions' menu, which hides its contents
  return (
    <Portal>
      <Paper
        role="status"
        aria-label="Export progress"
        elevation={6}
        sx={{
          position: 'fixed',
          bottom: 16,
          left: '50%',
          transform: 'translateX(-50%)',
          p: 1.5,
          minWidth: 320,
          zIndex: 1400,
        }}
      >
        <Typography variant="body2">
          {progress.title}: {records}
          {megabytes(progress.bytes)} received
        </Typography>
        <LinearProgress sx={{ mt: 1 }} />
      </Paper>
    </Portal>
  );
}
