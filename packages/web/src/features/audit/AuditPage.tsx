import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HISTORY_ACTIONS, type HistoryEntry, type HistoryList } from '@mdis/shared';
import { errorMessage } from '../../platform/api/ApiError';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';
import { type AuditFilter, auditApi, auditKeys } from './audit.api';
import { actorName } from '../../engine/history/historyText';
import { auditTime } from './auditText';
import { DeletedRecords } from './DeletedRecords';

const PER_PAGE_OPTIONS = [25, 50, 100];

function changedFields(entry: HistoryEntry): string {
  const names = Object.keys(entry.changes).filter((name) => name !== 'id');
  return entry.action === 'update' ? names.join(', ') : `${String(names.length)} fields`;
}

interface AuditFilterFormProps {
  filter: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}

/** The audit's filter fields; applied on submit, so typing does not query on every key. */
function AuditFilterForm({ filter, onApply }: AuditFilterFormProps) {
  const [draft, setDraft] = useState<AuditFilter>(filter);
  const set = (key: keyof AuditFilter) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const apply = (event: React.SyntheticEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Box
      component="form"
      aria-label="Audit filter"
      onSubmit={apply}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))', mb: 2 }}
    >
      <TextField label="User id" value={draft.user ?? ''} onChange={set('user')} inputMode="numeric" size="small" />
      <TextField label="Model" value={draft.model ?? ''} onChange={set('model')} size="small" placeholder="CoreCore" />
      <TextField label="Record id" value={draft.record ?? ''} onChange={set('record')} size="small" />
      <TextField select label="Action" value={draft.action ?? ''} onChange={set('action')} size="small">
        <MenuItem value="">Any</MenuItem>
        {HISTORY_ACTIONS.map((action) => (
          <MenuItem key={action} value={action}>
            {action}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="From (UTC)"
        value={draft.from ?? ''}
        onChange={set('from')}
        size="small"
        placeholder="YYYY-MM-DD"
      />
      <TextField label="To (UTC)" value={draft.to ?? ''} onChange={set('to')} size="small" placeholder="YYYY-MM-DD" />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="contained">
          Filter
        </Button>
        <Button startIcon={<DownloadIcon />} href={auditApi.exportUrl(filter)} download>
          CSV
        </Button>
      </Box>
    </Box>
  );
}

interface AuditTableProps {
  list: HistoryList;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

function AuditTable({ list, page, perPage, onPage, onPerPage }: AuditTableProps) {
  const items = list.items;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Audit entries">
        <TableHead>
          <TableRow>
            <TableCell>When (UTC)</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Model</TableCell>
            <TableCell>Record</TableCell>
            <TableCell>Fields</TableCell>
            <TableCell>Route</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{auditTime(entry)}</TableCell>
              <TableCell>{actorName(entry)}</TableCell>
              <TableCell>{entry.action}</TableCell>
              <TableCell>{entry.model}</TableCell>
              <TableCell>{entry.recordId}</TableCell>
              <TableCell>{changedFields(entry)}</TableCell>
              <TableCell>{entry.route ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={list._meta.totalCount}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        onPageChange={(_event, next) => onPage(next)}
        onRowsPerPageChange={(event) => onPerPage(Number(event.target.value))}
      />
    </Box>
  );
}

/** `/settings/audit` (administrators): every write of every user, newest first, filtered and exported. */
export function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PER_PAGE_OPTIONS[0]);
  const audit = useQuery({
    queryKey: auditKeys.page(filter, page + 1, perPage),
    queryFn: () => auditApi.page(filter, page + 1, perPage),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeading title="Audit" />
      <AuditFilterForm
        filter={filter}
        onApply={(next) => {
          setFilter(next);
          setPage(0);
        }}
      />
      {audit.isError && <Alert severity="error">{errorMessage(audit.error)}</Alert>}
      {audit.isSuccess && audit.data.items.length === 0 && (
        <EmptyState title="No changes match">Widen the filter: no record was written that matches it.</EmptyState>
      )}
      {audit.data && audit.data.items.length > 0 && (
        <AuditTable
          list={audit.data}
          page={page}
          perPage={perPage}
          onPage={setPage}
          onPerPage={(next) => {
            setPerPage(next);
            setPage(0);
          }}
        />
      )}
      <DeletedRecords />
    </>
  );
}
