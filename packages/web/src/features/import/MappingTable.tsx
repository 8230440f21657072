import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ImportColumn, MappingEntry, MatchedBy } from './importTypes';

const IGNORE = '';

const HINTS: Record<NonNullable<MatchedBy>, string> = {
  name: 'matched by column name',
  label: 'matched by label',
  importSource: 'matched by import source',
  saved: 'from your last import',
  user: 'your choice',
};

export interface MappingTableProps {
  mapping: MappingEntry[];
  columns: ImportColumn[];
  /** The user's choices by header, over the server's. */
  overrides: Record<string, string | null>;
  /** How the server matched each header on its own, for the hint beside it. */
  autoMatched: Record<string, MatchedBy>;
  disabled: boolean;
  onMap: (header: string, column: string | null) => void;
}

function hintOf(entry: MappingEntry, chosen: boolean, column: string | null, auto: MatchedBy | undefined): string {
  if (column === null) return 'ignored';
  if (chosen) return HINTS.user;
  const matchedBy = entry.matchedBy === 'user' ? (auto ?? 'user') : entry.matchedBy;
  return matchedBy ? HINTS[matchedBy] : HINTS.user;
}

/** Step 2: each file header beside the form column it goes to, or "ignore". */
export function MappingTable({ mapping, columns, overrides, autoMatched, disabled, onMap }: MappingTableProps) {
  const columnOf = (entry: MappingEntry) =>
    entry.header in overrides ? (overrides[entry.header] ?? null) : entry.column;
  const chosen = mapping.map(columnOf);
  const missing = columns.filter((column) => column.required && !chosen.includes(column.name));
  const labelOf = (name: string) => columns.find((column) => column.name === name)?.label ?? name;
  return (
    <>
      <Table size="small" aria-label="Column mapping" sx={{ tableLayout: 'fixed', width: '100%' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '40%' }}>File column</TableCell>
            <TableCell>Form column</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mapping.map((entry, index) => {
            const column = chosen[index] ?? null;
            const twice = column !== null && chosen.indexOf(column) !== index;
            const hint = twice
              ? `${labelOf(column)} is chosen above already`
              : hintOf(entry, entry.header in overrides, column, autoMatched[entry.header]);
            return (
              <TableRow key={entry.header}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {entry.header}
                </TableCell>
                <TableCell>
                  <FormControl size="small" fullWidth error={twice}>
                    <Select
                      inputProps={{ 'aria-label': `Form column for ${entry.header}` }}
                      value={column ?? IGNORE}
                      disabled={disabled}
                      displayEmpty
                      onChange={(event) =>
                        onMap(entry.header, event.target.value === IGNORE ? null : event.target.value)
                      }
                    >
                      <MenuItem value={IGNORE}>
                        <em>Ignore</em>
                      </MenuItem>
                      {columns.map((option) => (
                        <MenuItem key={option.name} value={option.name}>
                          {`${option.label} (${option.name})${option.required ? ' *' : ''}`}
                        </MenuItem>
                      ))}
                    </Select>
                    <FormHelperText>{hint}</FormHelperText>
                  </FormControl>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {missing.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {`Required columns no file column goes to: ${missing.map((column) => column.label).join(', ')}.`}
        </Alert>
      )}
    </>
  );
}
