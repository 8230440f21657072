import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AuthUser } from '@mdis/shared';
import { isApiError } from '../api/ApiError';
import type { ResolvedAppConfig } from '../api/app.api';
import { authApi } from './auth.api';

export interface SessionStartOptions {
  config: ResolvedAppConfig | undefined;
  userRef: RefObject<AuthUser | null>;
  setUser: (user: AuthUser | null) => void;
  signInDefaultUser: () => Promise<void>;
}

/**
 * The stored user's refresh (spec 2 §4), at once, beside the config: a 401 signs out silently and
 * anything else (offline) keeps the user. Once both are known and no user is left, the configured
 * default user signs in (the only step that needs the config). Answers whether this check is done.
 */
export function useSessionStart({ config, userRef, setUser, signInDefaultUser }: SessionStartOptions): boolean {
  const [done, setDone] = useState(false);
  // refs, not state: React's strict mode runs effects twice, the requests must go once
  const refreshing = useRef<Promise<void> | null>(null);
  const defaultStarted = useRef(false);

  useEffect(() => {
    if (refreshing.current) return;
    refreshing.current = userRef.current
      ? authApi.refresh().then(setUser, (error: unknown) => {
          if (isApiError(error) && error.status === 401) setUser(null);
        })
      : Promise.resolve();
  }, [userRef, setUser]);

  useEffect(() => {
    if (!config || defaultStarted.current) return;
    defaultStarted.current = true;
    void (async () => {
      await refreshing.current;
      if (!userRef.current && config.useDefaultUser) await signInDefaultUser();
      setDone(true);
    })();
  }, [config, userRef, signInDefaultUser]);
  return done;
}
