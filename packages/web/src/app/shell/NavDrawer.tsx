import { memo } from 'react';
import ListAltIcon from '@mui/icons-material/ListAlt';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FolderIcon from '@mui/icons-material/Folder';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { hasRole, isReadOnly, type AuthUser } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import { helpUrl } from '../../platform/help/helpUrl';
import { NavFormsSection } from './NavFormsSection';
import { NavItem } from './NavItem';

export const DRAWER_WIDTH = 260;

export interface NavDrawerProps {
  user: AuthUser;
  /** Below the lg breakpoint the drawer is temporary and opened from the top bar. */
  permanent: boolean;
  open: boolean;
  onClose: () => void;
}

/** Memoised as the top bar: an address change renders only its links again (they show which is current). */
export const NavDrawer = memo(function NavDrawer({ user, permanent, open, onClose }: NavDrawerProps) {
  const { config } = useSessionContext();
  const onNavigate = permanent ? undefined : onClose;
  const canUpload = hasRole(user.roles, 'operator') && !isReadOnly(user.roles);
  return (
    <Drawer
      variant={permanent ? 'permanent' : 'temporary'}
      open={permanent || open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: permanent ? DRAWER_WIDTH : undefined,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      <Box component="nav" aria-label="main navigation" sx={{ overflowY: 'auto' }}>
        <List>
          <NavItem to="/" end label="Dashboard" icon={<DashboardIcon />} onNavigate={onNavigate} />
          <NavItem to="/settings" label="Settings" icon={<SettingsIcon />} onNavigate={onNavigate} />
        </List>
        <Divider />
        <NavFormsSection user={user} onNavigate={onNavigate} />
        <Divider />
        <List>
          <NavItem to="/forms/files-form" label="Files" icon={<FolderIcon />} onNavigate={onNavigate} />
          <NavItem to="/list-values" label="Value Lists" icon={<ListAltIcon />} onNavigate={onNavigate} />
          {canUpload && (
            <NavItem to="/files-upload" label="File Upload" icon={<UploadFileIcon />} onNavigate={onNavigate} />
          )}
        </List>
        <Divider />
        <List>
          <ListItem disablePadding>
            <ListItemButton component="a" href={helpUrl(config.HelpBaseUrl)} target="_blank" rel="noopener noreferrer">
              <ListItemIcon>
                <HelpOutlineIcon />
              </ListItemIcon>
              <ListItemText primary="Help" />
              <OpenInNewIcon fontSize="small" color="action" />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
});
