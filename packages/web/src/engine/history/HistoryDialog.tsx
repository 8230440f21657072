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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormTemplate, HistoryEntry } from '@mdis/shared';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { recordKeys } from '../api/records.api';
import { historyApi, historyKeys } from './history.api';
import { type FieldChange, entryTitle, fieldChanges, timeText } from './historyText';

export interface HistoryDialogProps {
  form: FormTemplate;
  recordId: number;
  /** How the record is named in the title (its combined id, or its id). */
  recordName: string;
  canRestore: boolean;
  onClose: () => void;
}

interface Restore {
  entry: HistoryEntry;
  change: FieldChange;
}

function EntryChanges(props: { entry: HistoryEntry; form: FormTemplate; onRestore?: (restore: Restore) => void }) {
  const { entry, form, onRestore } = props;
  const changes = fieldChanges(form, entry);
  if (changes.length === 0) return null;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, auto) 1fr', gap: 0.5, m: 0 }}>
      {changes.map((change) => (
        <Box key={change.column} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {change.label}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2">
              {entry.action === 'update'
                ? `${change.before} → ${change.after}`
                : change.before === '(empty)'
                  ? change.after
                  : change.before}
            </Typography>
            {onRestore && entry.action === 'update' && (
              <Button
                size="small"
                aria-label={`Restore ${change.label} to ${change.before}`}
                onClick={() => onRestore({ entry, change })}
              >
                Restore {change.before}
              </Button>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The versions of one record, newest first: who changed which fields when, before → after, with the
 * form's labels. A field can be put back to the value a change replaced; the server runs that as an
 * ordinary save (validation, calculations, behaviors) and records it as a version of its own.
 */
export function HistoryDialog({ form, recordId, recordName, canRestore, onClose }: HistoryDialogProps) {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [failure, setFailure] = useState<string | null>(null);
  const history = useQuery({
    queryKey: historyKeys.record(form.name, form.dataModel, recordId),
    queryFn: () => historyApi.record(form.dataModel, recordId),
  });
  const restore = useMutation({
    mutationFn: ({ entry, change }: Restore) => historyApi.restore(entry.id, change.column, 'before'),
    onSuccess: async (_record, { change }) => {
      setFailure(null);
      notify(`${change.label} restored to ${change.before}.`, 'success');
      // The form's table and panel, and this history, show the restored record.
      await queryClient.invalidateQueries({ queryKey: recordKeys.form(form.name) });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const entries = history.data?.items ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="history-dialog-title">
      <DialogTitle id="history-dialog-title">History of {recordName}</DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {history.isPending && <CircularProgress aria-label="Loading the history" />}
        {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
        {history.isSuccess && entries.length === 0 && (
          <Typography>This record has no recorded versions yet: its history starts with its next change.</Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {entries.map((entry) => (
            <Box component="li" key={entry.id} aria-label={`${entryTitle(entry)}, ${timeText(entry.at)}`}>
              <Typography variant="subtitle2">
                {entryTitle(entry)} · {timeText(entry.at)}
              </Typography>
              <EntryChanges
                entry={entry}
                form={form}
                onRestore={canRestore && !restore.isPending ? (r) => restore.mutate(r) : undefined}
              />
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
