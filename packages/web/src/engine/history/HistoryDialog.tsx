import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormTemplate, HistoryEntry } from '@mdis/shared';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { recordKeys } from '../api/records.api';
import { historyApi, historyKeys } from './history.api';
import { HistoryEntryItem } from './HistoryEntryItem';
import { type FieldChange, actorName, timeText } from './historyText';
import { useParentTexts } from './useParentTexts';
import { useValueTexts } from './useValueTexts';

export interface HistoryDialogProps {
  form: FormTemplate;
  recordId: number;
  /** How the record is named in the title (its combined id, or its id). */
  recordName: string;
  canRestore: boolean;
  onClose: () => void;
}

/** A field put back to the value a change replaced, or every field to the version an entry made. */
type Restore = { entry: HistoryEntry; change: FieldChange } | { entry: HistoryEntry; change?: undefined };

// The newest entry is the record as it is, and a deletion's entry is restored from the audit page.
const offersVersion = (entry: HistoryEntry, index: number) => index > 0 && entry.action !== 'delete';

/**
 * The versions of one record, newest first: who changed which fields when, before → after, with the
 * form's labels, and the links added or removed. A field can be put back to the value a change
 * replaced, or the whole record to a version (after a confirmation); the server runs that as an
 * ordinary save (validation, calculations, behaviors) and records it as a version of its own.
 */
export function HistoryDialog({ form, recordId, recordName, canRestore, onClose }: HistoryDialogProps) {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<HistoryEntry | null>(null);
  const history = useQuery({
    queryKey: historyKeys.record(form.name, form.dataModel, recordId),
    queryFn: () => historyApi.record(form.dataModel, recordId),
  });
  const restore = useMutation({
    mutationFn: ({ entry, change }: Restore) =>
      change ? historyApi.restore(entry.id, change.column, 'before') : historyApi.restoreVersion(entry.id),
    onSuccess: async (_record, { entry, change }) => {
      setFailure(null);
      setConfirming(null);
      notify(
        change
          ? `${change.label} restored to ${change.before}.`
          : `${recordName} restored to the version of ${timeText(entry.at)}.`,
        'success',
      );
      // The form's table and panel, and this history, show the restored record.
      await queryClient.invalidateQueries({ queryKey: recordKeys.form(form.name) });
    },
    onError: (error, { change }) => {
      setConfirming(null);
      setFailure(
        `${change ? `${change.label} was not restored` : 'The version was not restored'}: ${errorMessage(error)}`,
      );
    },
  });
  const entries = history.data?.items ?? [];
  const valueTexts = useValueTexts(form, entries);
  const parentTexts = useParentTexts(form, entries);
  const texts = new Map([...valueTexts, ...parentTexts]);
  const enabled = canRestore && !restore.isPending;
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="history-dialog-title">
      <DialogTitle id="history-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
        History of {recordName}
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} closeText="Dismiss" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {history.isPending && <CircularProgress aria-label="Loading the history" />}
        {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
        {history.isSuccess && entries.length === 0 && (
          <Typography>This record has no recorded versions yet: its history starts with its next change.</Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {entries.map((entry, index) => (
            <HistoryEntryItem
              key={entry.id}
              entry={entry}
              form={form}
              texts={texts}
              onRestoreField={enabled ? (change) => restore.mutate({ entry, change }) : undefined}
              onRestoreVersion={enabled && offersVersion(entry, index) ? () => setConfirming(entry) : undefined}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming !== null}
        title="Restore this version?"
        message={
          confirming
            ? `Every field of ${recordName}, and its links, go back to how they were after the change of ` +
              `${timeText(confirming.at)} by ${actorName(confirming)}. The restore is saved as a new version.`
            : ''
        }
        confirmLabel="Restore"
        busy={restore.isPending}
        onConfirm={() => confirming && restore.mutate({ entry: confirming })}
        onCancel={() => setConfirming(null)}
      />
    </Dialog>
  );
}
