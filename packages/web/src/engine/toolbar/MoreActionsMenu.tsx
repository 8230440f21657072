import { useMemo, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { OverflowMenuProvider } from './ToolbarAction';

const MENU_ID = 'form-toolbar-more';
const BUTTON_ID = 'form-toolbar-more-button';

/**
 * 'More actions' on a phone: a menu button and its menu (arrow keys, Esc, focus back to the button).
 * The actions inside render as menu items (ToolbarAction). The menu stays mounted while closed, so a
 * dialog or sub-menu one of them opened lives on after the menu closes.
 */
export function MoreActionsMenu({ children }: { children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const overflow = useMemo(() => ({ close: () => setAnchor(null) }), []);
  return (
    <>
      <Tooltip title="More actions">
        <IconButton
          id={BUTTON_ID}
          aria-label="More actions"
          aria-haspopup="menu"
          aria-expanded={open ? 'true' : 'false'}
          aria-controls={MENU_ID}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreHorizIcon />
        </IconButton>
      </Tooltip>
      <OverflowMenuProvider value={overflow}>
        <Menu
          id={MENU_ID}
          anchorEl={anchor}
          open={open}
          onClose={overflow.close}
          keepMounted
          // the items are components of other areas, so the menu focuses its first enabled item itself
          disableAutoFocusItem
          slotProps={{
            list: { 'aria-labelledby': BUTTON_ID },
            transition: { onEntered: focusFirstItem },
          }}
        >
          {children}
        </Menu>
      </OverflowMenuProvider>
    </>
  );
}

function focusFirstItem(node: HTMLElement): void {
  node.querySelector<HTMLElement>('[role^="menuitem"]:not(.Mui-disabled)')?.focus();
}
