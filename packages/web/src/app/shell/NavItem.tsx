import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';

export interface NavItemProps {
  to: string;
  label: string;
  icon: ReactNode;
  /** Match the path exactly (the Dashboard at '/'). */
  end?: boolean;
  onNavigate?: () => void;
}

export function NavItem({ to, label, icon, end, onNavigate }: NavItemProps) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={to} end={end} onClick={onNavigate}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}
