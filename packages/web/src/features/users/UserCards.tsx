import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RoleChips, UserActions, activeLabel, type UserListProps } from './userParts';

/**
 * The users on a phone: one card each (username and actions on top, then name, email, roles and
 * whether the account is active), so nothing scrolls sideways and every action stays in reach.
 */
export function UserCards({ users, onEdit, onDelete }: UserListProps) {
  return (
    <Box component="ul" aria-label="users" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {users.map((user) => (
        <Paper key={user.id} component="li" variant="outlined" sx={{ p: 1.5, pr: 0.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="subtitle1" component="p" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {user.username}
            </Typography>
            <Box sx={{ flexShrink: 0 }}>
              <UserActions user={user} onEdit={onEdit} onDelete={onDelete} />
            </Box>
          </Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {user.email}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, pr: 1 }}>
            <RoleChips roles={user.roles} />
            <Typography variant="body2" color="text.secondary">
              Active: {activeLabel(user)}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
