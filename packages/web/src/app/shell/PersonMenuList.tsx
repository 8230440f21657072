import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { AuthUser } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';

interface PersonMenuProps {
  user: AuthUser;
}

function Entry({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <MenuItem onClick={onClick}>
      <ListItemIcon>{icon}</ListItemIcon>
      {label}
    </MenuItem>
  );
}

function UserHeader({ user }: PersonMenuProps) {
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <Typography fontWeight="bold">{user.profile.name || user.username}</Typography>
      <Typography variant="body2" color="text.secondary">
        {user.username}
      </Typography>
    </Box>
  );
}

export interface PersonMenuListProps extends PersonMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The menu itself: loaded the first time it opens, so the first screen does not carry it. */
export function PersonMenuList({ user, anchor, onClose }: PersonMenuListProps) {
  const { isDefaultUser, logout } = useSessionContext();
  const navigate = useNavigate();
  const go = (path: string) => {
    onClose();
    void navigate(path);
  };
  const handleLogout = () => {
    // Leave the guarded page first, so the guard does not add a redirect back to it.
    go('/login');
    void logout();
  };

  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <UserHeader user={user} />
      <Divider />
      <Entry
        icon={<ManageAccountsIcon fontSize="small" />}
        label="My Account"
        onClick={() => {
          go('/settings/account');
        }}
      />
      {isDefaultUser ? (
        <Entry
          icon={<LoginIcon fontSize="small" />}
          label="Login"
          onClick={() => {
            go('/login');
          }}
        />
      ) : (
        <Entry icon={<LogoutIcon fontSize="small" />} label="Logout" onClick={handleLogout} />
      )}
    </Menu>
  );
}
