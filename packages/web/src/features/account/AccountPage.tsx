import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { effectivePermissions } from '@mdis/shared';
import { useSessionContext } from '../../app/session/SessionContext';
import { PageHeading } from '../../ui/PageHeading';

export function AccountPage() {
  const { user } = useSessionContext();
  if (!user) return null;
  const permissions = effectivePermissions(user);
  return (
    <>
      <PageHeading title="My Account" />
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Profile
          </Typography>
          <List dense disablePadding>
            <ListItem disableGutters>
              <ListItemText primary={user.profile.name || '—'} secondary="Name" />
            </ListItem>
            <ListItem disableGutters>
              <ListItemText primary={user.profile.email || user.email || '—'} secondary="Email" />
            </ListItem>
            <ListItem disableGutters>
              <ListItemText primary={user.username} secondary="Username" />
            </ListItem>
          </List>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            Roles
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            {user.roles.length ? user.roles.map((role) => <Chip key={role} label={role} size="small" />) : '—'}
          </Stack>
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
        <Alert severity="info">
          Editing your profile and changing your password arrive with the account feature. Until then, an administrator
          can change them in User Management.
        </Alert>
      </Stack>
    </>
  );
}
