import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { UserCards } from './UserCards';
import { RoleChips, UserActions, activeLabel, type UserListProps } from './userParts';

export type UsersTableProps = UserListProps;

/** The users as a table; on a phone as cards, which fit its width (six columns do not). */
export function UsersTable({ users, onEdit, onDelete }: UsersTableProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <UserCards users={users} onEdit={onEdit} onDelete={onDelete} />;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="users">
        <TableHead>
          <TableRow>
            <TableCell>Username</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Roles</TableCell>
            <TableCell>Active</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell>{user.username}</TableCell>
              <TableCell>{user.name}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <RoleChips roles={user.roles} />
              </TableCell>
              <TableCell>{activeLabel(user)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <UserActions user={user} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
