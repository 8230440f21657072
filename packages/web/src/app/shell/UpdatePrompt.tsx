import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useWorkerUpdate } from '../../platform/offline-worker/offlineWorker';

export const UPDATE_MESSAGE = 'New content is available; please refresh.';

/** The offline worker found a new build: offer to switch to it. */
export function UpdatePrompt() {
  const { needRefresh, update, later } = useWorkerUpdate();
  return (
    <Snackbar
      open={needRefresh}
      message={UPDATE_MESSAGE}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      action={
        <>
          <Button color="primary" size="small" onClick={update}>
            Refresh
          </Button>
          <Button color="inherit" size="small" onClick={later}>
            Later
          </Button>
        </>
      }
    />
  );
}
