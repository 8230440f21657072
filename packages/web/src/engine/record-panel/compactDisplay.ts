import { useSyncExternalStore } from 'react';

/**
 * The compact-display preference of the record panel (spec 1 §3: kept in a cookie; alt+shift+c
 * toggles it). It is not the theme's compact layout (kept in local storage; spec 2): compact display only
 * puts every field of the panel into one group.
 */
export const COMPACT_DISPLAY_COOKIE = 'mdis-compact-display';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const listeners = new Set<() => void>();

export function readCompactDisplay(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .includes(`${COMPACT_DISPLAY_COOKIE}=true`);
}

export function setCompactDisplay(on: boolean): void {
  document.cookie = `${COMPACT_DISPLAY_COOKIE}=${String(on)}; path=/; max-age=${String(ONE_YEAR_SECONDS)}; SameSite=Lax`;
  for (const listener of listeners) listener();
}

/** What alt+shift+c does. */
export function toggleCompactDisplay(): void {
  setCompactDisplay(!readCompactDisplay());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The preference, re-rendering every user when any of them (or the shortcut) changes it. */
export function useCompactDisplay() {
  const compact = useSyncExternalStore(subscribe, readCompactDisplay, () => false);
  return { compact, setCompact: setCompactDisplay, toggle: toggleCompactDisplay };
}
