import { STORAGE_KEYS, isAuthUser, type AuthUser } from '@mdis/shared';

/** The signed-in user survives a reload in localStorage; anything unreadable counts as signed out. */
export function readStoredUser(): AuthUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isAuthUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function storeUser(user: AuthUser | null): void {
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEYS.user);
}
