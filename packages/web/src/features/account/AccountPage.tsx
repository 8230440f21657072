import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { effectivePermissions } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import { PageHeading } from '../../ui/PageHeading';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';

/** `/settings/account`: profile, password change and the user's permissions (spec 2 §2). */
export function AccountPage() {
  const { user, acceptUser, isDefaultUser } = useSessionContext();
  if (!user) return null;
  const permissions = effectivePermissions(user);
  // The default user shares one account with everybody: nobody may change it (the server says
  // 403 too). Any other user, a read-only one included, keeps its own profile and password.
  const readOnly = isDefaultUser;
  return (
    <>
      <PageHeading title="My Account" />
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Profile
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Username: {user.username}
          </Typography>
          <ProfileForm key={user.token} user={user} onSaved={acceptUser} disabled={readOnly} />
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            Roles
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            {user.roles.length ? user.roles.map((role) => <Chip key={role} label={role} size="small" />) : '—'}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Password
          </Typography>
          <ChangePasswordForm disabled={readOnly} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Permissions
          </Typography>
          {permissions.length === 0 ? (
            <Typography color="text.secondary">No form permissions are assigned to you.</Typography>
          ) : (
            <List dense disablePadding aria-label="permissions">
              {permissions.map((permission) => (
                <ListItem key={permission} disableGutters>
                  <ListItemText primary={permission} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      </Stack>
    </>
  );
}
