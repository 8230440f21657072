import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import AccountCircle from '@mui/icons-material/AccountCircle';
import type { AuthUser } from '@mdis/shared';
import { lazyPage } from '../../platform/routing/lazyWithTimeout';

const PersonMenuList = lazyPage(() => import('./PersonMenuList'), 'PersonMenuList');

export interface PersonMenuProps {
  user: AuthUser;
}

/** Name and username, My Account, and Logout (Login for the read-only default user). */
export function PersonMenu({ user }: PersonMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // mounted from the first opening on, so the menu can fade out when it closes
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="account menu"
        aria-haspopup="menu"
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
      >
        <AccountCircle />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <PersonMenuList user={user} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
