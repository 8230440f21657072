import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import { ConflictDialog } from './ConflictDialog';
import { OfflineStatusDetails, timeText } from './OfflineStatusDetails';
import { useOfflineStatus } from './offlineStatus';
import { useOfflineSync, useOnline } from './useOfflineSync';

export const OFFLINE_LABELS = { online: 'Online', offline: 'Offline', sync: 'Sync' } as const;

/** The chip's text; a phone's top bar has room for the count only. */
function ChipLabel({ label, pending }: { label: string; pending: number }) {
  return (
    <>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
      <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
        {pending || ''}
      </Box>
    </>
  );
}

/**
 * The top bar's offline status (issue 22): online or offline, the changes waiting for the server,
 * the last sync; the Sync button; the refused changes to resolve.
 */
export function OfflineStatusChip() {
  const online = useOnline();
  const status = useOfflineStatus();
  const sync = useOfflineSync(online);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [resolving, setResolving] = useState(false);
  const first = status.refused.at(0);
  const label = `${online ? OFFLINE_LABELS.online : OFFLINE_LABELS.offline}${status.pending ? ` · ${status.pending} pending` : ''}`;
  return (
    // flexShrink 0: on a full phone bar the chip keeps its size (the brand's name gives way instead)
    <Box sx={{ display: 'flex', alignItems: 'center', mr: 0.5, flexShrink: 0 }}>
      <Chip
        icon={online ? <CloudDoneIcon /> : <CloudOffIcon />}
        label={<ChipLabel label={label} pending={status.pending} />}
        color={status.refused.length ? 'error' : online ? 'default' : 'warning'}
        variant={online ? 'outlined' : 'filled'}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`${label}. Last sync: ${timeText(status.lastSync)}`}
        data-testid="offline-status"
        sx={(theme) => ({
          color: 'inherit',
          borderColor: 'currentColor',
          '& .MuiChip-icon': { color: 'inherit' },
          '& .MuiChip-label': {
            display: { xs: status.pending ? 'block' : 'none', sm: 'block' },
            px: { xs: 0.75, sm: 1.5 },
          },
          // the icon alone (a phone, nothing pending): centred, not pulled right towards a label
          ...(status.pending ? {} : { [theme.breakpoints.down('sm')]: { '& .MuiChip-icon': { mx: 0.625 } } }),
        })}
      />
      <Tooltip title={online ? 'Sync now' : 'Sync when online'}>
        <span>
          <IconButton
            color="inherit"
            aria-label={OFFLINE_LABELS.sync}
            disabled={!online || status.syncing}
            onClick={() => void sync()}
          >
            <Badge badgeContent={status.refused.length} color="error">
              <SyncIcon />
            </Badge>
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <OfflineStatusDetails
          online={online}
          onResolve={() => {
            setAnchor(null);
            setResolving(true);
          }}
        />
      </Popover>
      {resolving && first && (
        <ConflictDialog
          op={first}
          onClose={() => setResolving(false)}
          onDecided={() => {
            // the last refused change decided: the dialog closes (a new refusal waits for the user)
            if (status.refused.length <= 1) setResolving(false);
            if (online) void sync();
          }}
        />
      )}
    </Box>
  );
}
