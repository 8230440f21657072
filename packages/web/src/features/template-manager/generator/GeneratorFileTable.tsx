import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PlannedFile } from '../templateManager.api';
import type { FileView } from './useCodeGenerator';

interface GeneratorFileTableProps {
  files: PlannedFile[];
  isChecked: (file: PlannedFile) => boolean;
  onToggle: (file: PlannedFile, checked: boolean) => void;
  onOpen: (file: PlannedFile, view: FileView) => void;
  disabled?: boolean;
}

/**
 * One row per file (spec 3 §4): a checkbox whether to write it (disabled for skip), its path and
 * operation, 'Content' for every file and 'diff' only where an overwrite would change a file.
 */
export function GeneratorFileTable({ files, isChecked, onToggle, onOpen, disabled }: GeneratorFileTableProps) {
  return (
    <Table size="small" aria-label="files to generate">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>File</TableCell>
          <TableCell>Operation</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {files.map((file) => (
          <TableRow key={file.id}>
            <TableCell padding="checkbox">
              <Checkbox
                checked={isChecked(file)}
                disabled={disabled || file.operation === 'skip'}
                onChange={(event) => onToggle(file, event.target.checked)}
                slotProps={{ input: { 'aria-label': `write ${file.path}` } }}
              />
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{file.path}</TableCell>
            <TableCell>{file.operation}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5}>
                <Button
                  size="small"
                  sx={{ minWidth: 0 }}
                  aria-label={`Content of ${file.path}`}
                  onClick={() => onOpen(file, 'content')}
                >
                  Content
                </Button>
                <Button
                  size="small"
                  sx={{ minWidth: 0 }}
                  aria-label={`diff of ${file.path}`}
                  disabled={file.operation !== 'overwrite'}
                  onClick={() => onOpen(file, 'diff')}
                >
                  diff
                </Button>
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
