import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import type { FilterBarActionProps } from '../../engine/filter-bar/FilterBarExtensions';
import { offlineRootOf } from './offlineRoots';

// The dialog brings the store (Dexie): loaded when asked for, never with the page.
const KeepOfflineDialog = lazy(() => import('./KeepOfflineDialog').then((m) => ({ default: m.KeepOfflineDialog })));

export const KEEP_OFFLINE = 'Keep offline';

/** "Keep offline" beside the filter bar once a hole is chosen (issue 22 item 1). */
export function KeepOfflineButton({ selection, disabled }: FilterBarActionProps) {
  const [open, setOpen] = useState(false);
  const root = offlineRootOf(selection);
  if (!root) return null;
  return (
    <>
      <Button
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        disabled={disabled}
        onClick={() => setOpen(true)}
        title="Keep this hole and everything below it in this browser"
      >
        {KEEP_OFFLINE}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <KeepOfflineDialog root={root} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
KeepOfflineButton.displayName = 'KeepOfflineButton';
