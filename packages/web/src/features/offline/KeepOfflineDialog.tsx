import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { OfflineScopeEstimate } from '@mdis/shared';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { markKeptOffline } from './registerOffline';
import { downloadScope, estimateScope } from './syncRunner';
import { quotaProblem, sizeText } from './storageQuota';

export interface KeepOfflineDialogProps {
  root: { form: string; id: number };
  onClose: () => void;
}

/** What the download holds: records per form and the size. */
function ScopeEstimateText({ form, estimate }: { form: string; estimate: OfflineScopeEstimate }) {
  return (
    <>
      <Typography>
        This {form} and everything below it: {estimate.totalRows} records, about {sizeText(estimate.bytes)}.
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {Object.entries(estimate.rows)
          .map(([name, rows]) => `${name}: ${String(rows)}`)
          .join(', ')}
      </Typography>
    </>
  );
}

type Step =
  | { kind: 'estimating' }
  | { kind: 'ready'; estimate: OfflineScopeEstimate; problem: string | null }
  | { kind: 'downloading'; estimate: OfflineScopeEstimate }
  | { kind: 'failed'; message: string };

/**
 * Asks the server how big the scope is, checks the browser's storage quota, then downloads and
 * stores it (issue 22 items 1 and 7).
 */
export function KeepOfflineDialog({ root, onClose }: KeepOfflineDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'estimating' });
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  useEffect(() => {
    // a closed dialog takes no late answer
    const closed = new AbortController();
    void (async () => {
      try {
        const estimate = await estimateScope(root.form, root.id);
        const problem = await quotaProblem(estimate.bytes);
        if (!closed.signal.aborted) setStep({ kind: 'ready', estimate, problem });
      } catch (error) {
        if (!closed.signal.aborted) setStep({ kind: 'failed', message: errorMessage(error) });
      }
    })();
    return () => {
      closed.abort();
    };
  }, [root.form, root.id]);

  const download = async (estimate: OfflineScopeEstimate) => {
    setStep({ kind: 'downloading', estimate });
    try {
      // first, so that the answers read again below are kept for the app's start offline
      markKeptOffline();
      // a kept scope should survive the browser's clean-ups of storage under pressure
      if ('storage' in navigator) void navigator.storage.persist().catch(() => false);
      const kept = await downloadScope(root.form, root.id);
      await queryClient.refetchQueries({ type: 'active' });
      notify(
        `Kept offline: ${kept.records} records (${sizeText(kept.bytes)}) in ${(kept.ms / 1000).toFixed(1)} s`,
        'success',
      );
      onClose();
    } catch (error) {
      setStep({ kind: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="keep-offline-title">
      <DialogTitle id="keep-offline-title">Keep offline</DialogTitle>
      <DialogContent>
        {step.kind === 'estimating' && <CircularProgress size={24} aria-label="Estimating the size" />}
        {(step.kind === 'ready' || step.kind === 'downloading') && (
          <ScopeEstimateText form={root.form} estimate={step.estimate} />
        )}
        {step.kind === 'ready' && step.problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {step.problem}
          </Alert>
        )}
        {step.kind === 'downloading' && <CircularProgress size={24} sx={{ mt: 2 }} aria-label="Downloading" />}
        {step.kind === 'failed' && <Alert severity="error">{step.message}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={step.kind !== 'ready' || step.problem !== null}
          onClick={() => step.kind === 'ready' && void download(step.estimate)}
        >
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
