import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import DownloadIcon from '@mui/icons-material/Download';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import type { FormRecord } from '../../engine/api/records.api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ASSIGN_COLUMNS } from './assignSelects';
import { fileUrls, filesApi } from './files.api';

/** The unassign messages, word for word as the original shows them (spec 1 §8). */
export const UNASSIGN_MESSAGES = {
  title: 'Unassign File',
  text: 'This will remove the linkage of this file to this record, and move the file back to the "File Upload" area.',
  done: 'un-assigned successfully',
  failed: (message: string) => `cannot un-assign - ${message}`,
} as const;

/** The files form's own record id is the file's; a file is assigned while a parent id is set. */
export function isAssigned(record: FormRecord): boolean {
  return Object.entries(ASSIGN_COLUMNS).some(
    ([key, column]) => key !== 'person' && record[column] !== null && record[column] !== undefined,
  );
}

export interface FileRecordAddonProps {
  record: FormRecord;
  canEdit: boolean;
}

/** Unassign after the confirmation; every record's file count may change with it. */
function useUnassign(id: number) {
  const queryClient = useQueryClient();
  const { notify, warn } = useNotifications();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const unassign = async () => {
    setBusy(true);
    try {
      await filesApi.unassign(id);
      notify(UNASSIGN_MESSAGES.done, 'success');
      // every record's 'show files (n)' may have changed, not only the files form
      await queryClient.invalidateQueries({ queryKey: ['records'] });
    } catch (error) {
      warn(UNASSIGN_MESSAGES.failed(errorMessage(error)));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return { confirming, setConfirming, busy, unassign };
}

/** Under the current archive file: its preview, the original for download, and unassign. */
export function FileRecordAddon({ record, canEdit }: FileRecordAddonProps) {
  const id = Number(record.id);
  const name = typeof record.original_filename === 'string' ? record.original_filename : `file ${id}`;
  const { confirming, setConfirming, busy, unassign } = useUnassign(id);
  return (
    <Box
      component="section"
      aria-label="File preview"
      sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <Box
        component="img"
        src={fileUrls.preview(id)}
        alt={`preview of ${name}`}
        sx={{ maxWidth: 360, maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <Button
          component={Link}
          href={fileUrls.original(id)}
          download={name}
          target="_blank"
          rel="noopener"
          startIcon={<DownloadIcon />}
        >
          Download original
        </Button>
        {canEdit && isAssigned(record) && (
          <Button color="warning" startIcon={<LinkOffIcon />} disabled={busy} onClick={() => setConfirming(true)}>
            Unassign
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={UNASSIGN_MESSAGES.title}
        message={UNASSIGN_MESSAGES.text}
        confirmLabel="Unassign"
        busy={busy}
        onConfirm={() => void unassign()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
