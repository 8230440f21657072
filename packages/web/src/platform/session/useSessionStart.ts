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
 * Once the config is loaded (spec 2 §4): refresh the stored user, where a 401 signs out silently
 * and anything else (offline) keeps it; without a user, sign in the configured default user.
 * Answers whether this check is done.
 */
export function useSessionStart({ config, userRef, setUser, signInDefaultUser }: SessionStartOptions): boolean {
  const [done, setDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (!config || started.current) return;
    started.current = true;
    void (async () => {
      if (userRef.current) {
        try {
          setUser(await authApi.refresh());
        } catch (error) {
          if (isApiError(error) && error.status === 401) setUser(null);
        }
      }
      if (!userRef.current && config.useDefaultUser) await signInDefaultUser();
      setDone(true);
    })();
  }, [config, userRef, setUser, signInDefaultUser]);
  return done;
}
