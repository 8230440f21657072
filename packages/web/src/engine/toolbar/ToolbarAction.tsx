import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';

/** The toolbar's overflow menu ('More actions' on a phone), as the actions inside it see it. */
export interface OverflowMenu {
  close: () => void;
}

const OverflowMenuContext = createContext<OverflowMenu | null>(null);

/** Actions rendered under this provider are the items of an overflow menu, not buttons. */
export const OverflowMenuProvider = OverflowMenuContext.Provider;

/** The overflow menu an action sits in, or null when it is a button of the toolbar itself. */
export function useOverflowMenu(): OverflowMenu | null {
  return useContext(OverflowMenuContext);
}

export interface ToolbarActionProps {
  icon: ReactNode;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  color?: 'primary' | 'secondary' | 'error';
  title?: string;
  'aria-label'?: string;
  /** Opens a menu of its own: the overflow menu stays open beneath it (the menu anchors to the item). */
  opensMenu?: boolean;
  'aria-expanded'?: boolean;
  /** A route of the app to go to instead of a click handler. */
  to?: string;
}

/**
 * One action of the form toolbar: a button in the toolbar, or, inside the overflow menu, a menu item
 * (role menuitem, reached with the arrow keys) that closes the menu when it runs.
 */
export function ToolbarAction({ icon, children, opensMenu, to, color, ...props }: ToolbarActionProps) {
  const menu = useOverflowMenu();
  const expanded = props['aria-expanded'] ? 'true' : undefined;
  if (!menu) {
    const link = to === undefined ? {} : { component: RouterLink, to };
    return (
      <Button
        {...link}
        {...props}
        color={color}
        startIcon={icon}
        aria-haspopup={opensMenu ? 'menu' : undefined}
        aria-expanded={expanded}
      >
        {children}
      </Button>
    );
  }
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!opensMenu) menu.close();
    props.onClick?.(event);
  };
  const link = to === undefined ? {} : { component: RouterLink, to };
  return (
    <MenuItem
      {...link}
      {...props}
      onClick={onClick}
      aria-haspopup={opensMenu ? 'menu' : undefined}
      aria-expanded={expanded}
      sx={color && color !== 'primary' ? { color: `${color}.main` } : undefined}
    >
      <ListItemIcon sx={{ color: 'inherit' }}>{icon}</ListItemIcon>
      <ListItemText>{children}</ListItemText>
    </MenuItem>
  );
}
