import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ImportColumn, ImportCounts, ImportRowError } from './importTypes';

const COUNTS: { key: keyof ImportCounts; label: string; color?: string }[] = [
  { key: 'total', label: 'Rows' },
  { key: 'new', label: 'New', color: 'success.main' },
  { key: 'updated', label: 'Updated', color: 'info.main' },
  { key: 'unchanged', label: 'Unchanged' },
  { key: 'errors', label: 'Errors', color: 'error.main' },
];

/** New, updated, unchanged and failing rows, as tiles that wrap on a phone. */
export function ImportCountTiles({ counts }: { counts: ImportCounts }) {
  return (
    <Box component="dl" aria-label="Import counts" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0 }}>
      {COUNTS.map(({ key, label, color }) => (
        <Box
          key={key}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1, minWidth: 88, flex: '1 0 auto' }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="h6"
            sx={{ m: 0, color: counts[key] > 0 ? color : undefined }}
            aria-label={`${label}: ${String(counts[key])}`}
          >
            {counts[key].toLocaleString('en')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const keyOf = (error: ImportRowError, index: number) => `${String(error.row)}-${error.column ?? ''}-${String(index)}`;

/** On a phone: one block per failing field, row and column above the value and the message. */
function RowErrorsList({ errors, labelOf }: { errors: ImportRowError[]; labelOf: (error: ImportRowError) => string }) {
  return (
    <Box
      component="ul"
      aria-label="Rows with errors"
      sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 480, overflow: 'auto' }}
    >
      {errors.map((error, index) => (
        <Box component="li" key={keyOf(error, index)} sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
          <Typography
            variant="body2"
            sx={{ fontWeight: 600 }}
          >{`Row ${String(error.row)} · ${labelOf(error)}`}</Typography>
          {error.value !== null && error.value !== '' && (
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {error.value}
            </Typography>
          )}
          <Typography variant="body2" color="error.main" sx={{ overflowWrap: 'anywhere' }}>
            {error.message}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export interface RowErrorsTableProps {
  counts: ImportCounts;
  errors: ImportRowError[];
  columns: ImportColumn[];
  onDownload: () => void;
}

/** The failing rows field by field (row, column, value, message), and the CSV of them. */
export function RowErrorsTable({ counts, errors, columns, onDownload }: RowErrorsTableProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const labelOf = (error: ImportRowError) => {
    const label = columns.find((column) => column.name === error.column)?.label;
    return label ?? error.header ?? error.column ?? '';
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}>
        <Typography variant="subtitle1" component="h3">
          {`${counts.errors.toLocaleString('en')} ${counts.errors === 1 ? 'row has' : 'rows have'} errors`}
        </Typography>
        <Link component="button" type="button" onClick={onDownload}>
          Download failing rows (CSV)
        </Link>
      </Box>
      {errors.length < counts.errors && (
        <Typography variant="body2" color="text.secondary">
          {`The first ${errors.length.toLocaleString('en')} errors are shown; the CSV holds every failing row.`}
        </Typography>
      )}
      {phone ? (
        <RowErrorsList errors={errors} labelOf={labelOf} />
      ) : (
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader aria-label="Rows with errors">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 56 }}>Row</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Value</TableCell>
                <TableCell>Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.map((error, index) => (
                <TableRow key={keyOf(error, index)}>
                  <TableCell>{error.row}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{labelOf(error)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>{error.value ?? ''}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
