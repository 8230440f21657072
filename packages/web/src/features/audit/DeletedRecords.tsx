import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '@mdis/shared';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { auditApi, auditKeys } from './audit.api';
import { actorName } from '../../engine/history/historyText';
import { auditTime } from './auditText';

interface Search {
  model: string;
  q: string;
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

interface DeletedRecordsTableProps {
  items: HistoryEntry[];
  busy: boolean;
  onRestore: (entry: HistoryEntry) => void;
}

function DeletedRecordsTable({ items, busy, onRestore }: DeletedRecordsTableProps) {
  return (
    <Table size="small" aria-label="Deleted records">
      <TableHead>
        <TableRow>
          <TableCell>Deleted (UTC)</TableCell>
          <TableCell>By</TableCell>
          <TableCell>Record</TableCell>
          <TableCell>Combined id</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>{auditTime(entry)}</TableCell>
            <TableCell>{actorName(entry)}</TableCell>
            <TableCell>
              {entry.model} {entry.recordId}
            </TableCell>
            <TableCell>{textOf(entry.changes.combined_id)}</TableCell>
            <TableCell align="right">
              <Button size="small" disabled={busy} onClick={() => onRestore(entry)}>
                Restore
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** "Deleted records" on the audit page: find one by id, combined id or IGSN and restore it. */
export function DeletedRecords() {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [draft, setDraft] = useState<Search>({ model: '', q: '' });
  const [search, setSearch] = useState<Search | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const found = useQuery({
    queryKey: auditKeys.deleted(search?.model ?? '', search?.q ?? ''),
    queryFn: () => auditApi.deleted(search?.model ?? '', search?.q ?? ''),
    enabled: search !== null,
  });
  const restore = useMutation({
    mutationFn: (entry: HistoryEntry) => auditApi.restoreDeleted(entry.id),
    onSuccess: async (_record, entry) => {
      setFailure(null);
      notify(`${entry.model} ${String(entry.recordId)} restored.`, 'success');
      await queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const submit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    setFailure(null);
    setSearch({ model: draft.model.trim(), q: draft.q.trim() });
  };
  const items = found.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby="deleted-records-title" sx={{ mt: 4 }}>
      <Typography id="deleted-records-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Deleted records
      </Typography>
      <Box
        component="form"
        aria-label="Deleted records search"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 2, mb: 2 }}
      >
        <TextField
          label="Model"
          value={draft.model}
          onChange={(event) => setDraft((current) => ({ ...current, model: event.target.value }))}
          size="small"
          placeholder="CoreSection"
          required
        />
        <TextField
          label="Id, combined id or IGSN"
          value={draft.q}
          onChange={(event) => setDraft((current) => ({ ...current, q: event.target.value }))}
          size="small"
          required
        />
        <Button type="submit" variant="outlined">
          Search
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {found.isError && <Alert severity="error">{errorMessage(found.error)}</Alert>}
      {found.isSuccess && items.length === 0 && <Alert severity="info">No deleted record matches.</Alert>}
      {items.length > 0 && (
        <DeletedRecordsTable items={items} busy={restore.isPending} onRestore={(entry) => restore.mutate(entry)} />
      )}
    </Box>
  );
}
