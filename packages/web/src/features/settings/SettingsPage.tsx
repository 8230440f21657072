import Grid from '@mui/material/Grid';
import AccountBoxIcon from '@mui/icons-material/AccountBox';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import TuneIcon from '@mui/icons-material/Tune';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { hasRole } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';
import { SettingsTile, type SettingsTileProps } from './SettingsTile';

const iconSx = { fontSize: 48, mb: 1 } as const;

export function SettingsPage() {
  const { user, config } = useSessionContext();
  const roles = user?.roles ?? [];
  const tiles: SettingsTileProps[] = [];
  if (hasRole(roles, 'administrator')) {
    tiles.push({
      title: 'User Management',
      description: 'Create users, assign roles and permissions, reset passwords',
      icon: <PeopleIcon color="primary" sx={iconSx} />,
      to: config.UserManagementUrl || '/settings/users',
    });
    tiles.push({
      title: 'Audit',
      description: 'Who changed which record when; export as CSV',
      icon: <HistoryIcon color="primary" sx={iconSx} />,
      to: '/settings/audit',
    });
  }
  if (hasRole(roles, 'developer')) {
    tiles.push(
      {
        title: 'Application Settings',
        description: 'App name, logos, footer, default user, map tiles, IGSN',
        icon: <TuneIcon color="primary" sx={iconSx} />,
        to: '/settings/application',
      },
      {
        title: 'Template Manager',
        description: 'Data models and forms',
        icon: <ViewQuiltIcon color="primary" sx={iconSx} />,
        to: '/settings/templates-manager',
      },
      {
        title: 'My Account',
        description: 'Profile and permissions',
        icon: <AccountBoxIcon color="primary" sx={iconSx} />,
        to: '/settings/account',
      },
    );
  }
  return (
    <>
      <PageHeading title="Settings" />
      {tiles.length === 0 ? (
        <EmptyState title="No settings for your role">Your account has no settings pages to manage.</EmptyState>
      ) : (
        <Grid container spacing={2}>
          {tiles.map((tile) => (
            <Grid key={tile.title} size={{ xs: 12, sm: 6, md: 4 }}>
              <SettingsTile {...tile} />
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
