import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { dropScope } from './dropScope';
import { useOfflineStatus } from './offlineStatus';
import type { KeptScope } from './offlineStore';
import { keptScopeTitle } from './scopeTitle';

export const OFFLINE_DETAIL_LABELS = { resolve: 'Resolve', remove: 'Remove' } as const;

export const timeText = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** A kept scope and its Remove button (refused with the reason while its changes wait). */
function KeptScopeLine({ scope, onRefused }: { scope: KeptScope; onRefused: (message: string) => void }) {
  const { notify } = useNotifications();
  const name = keptScopeTitle(scope);
  const remove = async () => {
    try {
      await dropScope(scope);
      notify(`Removed ${name} from this browser`, 'success');
    } catch (error) {
      onRefused(errorMessage(error));
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        Kept offline: {name} ({scope.records} records, taken {timeText(scope.takenAt)})
      </Typography>
      <Button size="small" aria-label={`Remove ${name} from this browser`} onClick={() => void remove()}>
        {OFFLINE_DETAIL_LABELS.remove}
      </Button>
    </Box>
  );
}

/** The chip's details: the connection, the queue, the last sync, the kept scopes, what to resolve. */
export function OfflineStatusDetails({ online, onResolve }: { online: boolean; onResolve: () => void }) {
  const status = useOfflineStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Box sx={{ p: 2, maxWidth: 360 }} aria-label="Offline status" role="region">
      <Typography variant="subtitle2">{online ? 'Connected to the server' : 'Working offline'}</Typography>
      <Typography variant="body2">Pending changes: {status.pending}</Typography>
      <Typography variant="body2">Last sync: {timeText(status.lastSync)}</Typography>
      {status.scopes.map((scope) => (
        <KeptScopeLine key={`${scope.form}-${String(scope.id)}`} scope={scope} onRefused={setRefusal} />
      ))}
      {refusal && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {status.error && (
        <Typography variant="body2" color="error">
          {status.error}
        </Typography>
      )}
      {status.refused.length > 0 && (
        <Button color="error" sx={{ mt: 1 }} onClick={onResolve}>
          {OFFLINE_DETAIL_LABELS.resolve} {status.refused.length} refused
        </Button>
      )}
    </Box>
  );
}
