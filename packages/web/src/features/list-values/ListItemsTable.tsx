import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { ListValue } from '@mdis/shared';

export interface ListItemsTableProps {
  listname: string;
  /** All rows, in the server's order (sort ascending). */
  items: readonly ListValue[];
  /** The list is locked for this user, or the user may not write at all. */
  readOnly: boolean;
  onEdit: (item: ListValue) => void;
  onDelete: (item: ListValue) => void;
}

export function ListItemsTable({ listname, items, readOnly, onEdit, onDelete }: ListItemsTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={`items of ${listname}`} size="small">
        <TableHead>
          <TableRow>
            <TableCell>Abbreviation</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Sort Index</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>This list has no items yet.</TableCell>
            </TableRow>
          )}
          {items.map((item) => (
            <TableRow key={item.id} hover>
              <TableCell>{item.display}</TableCell>
              <TableCell>{item.remark}</TableCell>
              <TableCell>{item.sort}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  aria-label={`edit ${item.display}`}
                  title="edit"
                  disabled={readOnly}
                  onClick={() => onEdit(item)}
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  aria-label={`delete ${item.display}`}
                  title="delete"
                  disabled={readOnly}
                  onClick={() => onDelete(item)}
                >
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
