import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FormRecord } from '../../engine/api/records.api';
import { formatDateTime, parseStoredDateTime } from '../../engine/fields/dateTimeFormat';
import { fileUrls } from './files.api';
import { formatFileSize } from './uploadQueue';

export interface UploadedFilesListProps {
  files: readonly FormRecord[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (all: boolean) => void;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
/** Y-m-d H:i in local time, as every datetime is shown (spec 1 §5). */
const uploadDate = (value: unknown) => {
  const date = parseStoredDateTime(value);
  return date ? formatDateTime(date) : text(value);
};

/** The files waiting in the 'File Upload' area; ticked ones are assigned together. */
export function UploadedFilesList({ files, selected, onToggle, onToggleAll }: UploadedFilesListProps) {
  if (files.length === 0)
    return <Typography color="text.secondary">No uploaded files are waiting to be assigned.</Typography>;
  const allTicked = files.every((file) => selected.has(Number(file.id)));
  return (
    <Table size="small" aria-label="Uploaded files">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              checked={allTicked}
              indeterminate={!allTicked && selected.size > 0}
              onChange={(event) => onToggleAll(event.target.checked)}
              slotProps={{ input: { 'aria-label': 'select all uploaded files' } }}
            />
          </TableCell>
          <TableCell>Preview</TableCell>
          <TableCell>Original File Name</TableCell>
          <TableCell>File Type</TableCell>
          <TableCell align="right">Size</TableCell>
          <TableCell>Upload Date</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {files.map((file) => {
          const id = Number(file.id);
          const name = text(file.original_filename);
          return (
            <TableRow key={id} hover selected={selected.has(id)} data-file-id={id}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(id)}
                  onChange={() => onToggle(id)}
                  slotProps={{ input: { 'aria-label': `select ${name}` } }}
                />
              </TableCell>
              <TableCell>
                <Box component="img" src={fileUrls.preview(id)} alt="" loading="lazy" sx={{ height: 40 }} />
              </TableCell>
              <TableCell>{name}</TableCell>
              <TableCell>{text(file.type)}</TableCell>
              <TableCell align="right">{formatFileSize(Number(file.filesize) || 0)}</TableCell>
              <TableCell>{uploadDate(file.upload_date)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
