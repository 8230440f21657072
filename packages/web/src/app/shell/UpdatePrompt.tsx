import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useRegisterSW } from 'virtual:pwa-register/react';

export const UPDATE_MESSAGE = 'New content is available; please refresh.';

/** The offline worker found a new build: offer to switch to it. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  return (
    <Snackbar
      open={needRefresh}
      message={UPDATE_MESSAGE}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      action={
        <>
          <Button color="primary" size="small" onClick={() => void updateServiceWorker(true)}>
            Refresh
          </Button>
          <Button color="inherit" size="small" onClick={() => setNeedRefresh(false)}>
            Later
          </Button>
        </>
      }
    />
  );
}
