import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { User } from '@mdis/shared';

/** What the table and the phone's cards show of each user, and the two actions on one. */
export interface UserListProps {
  users: User[];
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

/** Inactive accounts moved from mDIS v3 unconfirmed are told apart from deactivated ones. */
export const activeLabel = (user: Pick<User, 'active' | 'confirmed'>): string =>
  user.active ? 'yes' : user.confirmed ? 'no' : 'not confirmed';

export function RoleChips({ roles }: { roles: User['roles'] }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {roles.map((role) => (
        <Chip key={role} label={role} size="small" />
      ))}
    </Stack>
  );
}

export function UserActions({ user, onEdit, onDelete }: { user: User } & Omit<UserListProps, 'users'>) {
  return (
    <>
      <IconButton aria-label={`edit ${user.username}`} title="Edit" onClick={() => onEdit(user)}>
        <EditIcon />
      </IconButton>
      <IconButton aria-label={`delete ${user.username}`} title="Delete" onClick={() => onDelete(user)}>
        <DeleteIcon />
      </IconButton>
    </>
  );
}
