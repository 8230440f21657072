import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STATUS_MESSAGES, type AuthUser, type LoginBody } from '@mdis/shared';
import { api } from '../api/apiClient';
import { isApiError, type ApiError } from '../api/ApiError';
import { appConfigQuery, resolveAppConfig, type ResolvedAppConfig } from '../api/app.api';
import { useNotifications } from '../notifications/NotificationsContext';
import { authApi } from './auth.api';
import { setCurrentToken } from './currentToken';
import { useSessionStart } from './useSessionStart';
import { useUserScopedCache } from './useUserScopedCache';
import { readStoredUser, storeUser } from './userStorage';

export type SessionStatus = 'initializing' | 'ready' | 'failed';

interface SessionContextValue {
  status: SessionStatus;
  /** Why the app config could not be loaded ('Error initializing'). */
  initError: ApiError | Error | null;
  config: ResolvedAppConfig;
  user: AuthUser | null;
  /** The read-only user the app signs in by itself (app config useDefaultUser). */
  isDefaultUser: boolean;
  login: (body: LoginBody) => Promise<AuthUser>;
  /** A user signed in another way (OAuth2), or the same user with a changed profile. */
  acceptUser: (user: AuthUser) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);
const DEFAULT_CONFIG = resolveAppConfig({});

/** The same user with the same token, roles and profile (the server writes its fields in one order). */
function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

function initialUser(): AuthUser | null {
  const user = readStoredUser();
  setCurrentToken(user?.token ?? null);
  return user;
}

/**
 * The signed-in user and the app config (spec 2 §4). The original loads the config first and the
 * stored user's refresh after it; here they go together (issue 18: the config decides only whether
 * the default user signs in), and the pages show once both have answered.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { notify, warn, clear } = useNotifications();
  const [user, setUserState] = useState<AuthUser | null>(initialUser);
  const userRef = useRef(user);
  const configQuery = useQuery(appConfigQuery);
  const config = configQuery.data ?? DEFAULT_CONFIG;

  const setUser = useCallback((next: AuthUser | null) => {
    // The start's refresh answers the stored user again: a new object that changes nothing would
    // render the shell and the landing page once more (issue 18: 47-100 ms of a reload).
    if (sameUser(next, userRef.current)) return;
    userRef.current = next;
    setCurrentToken(next?.token ?? null);
    storeUser(next);
    setUserState(next);
  }, []);

  useUserScopedCache(user?.token);

  // Until the start's refresh has answered, a 401 is its to judge: the pages' data is asked for with
  // the stored token beside it (AppRoutes), and an expired one signs out silently, as the refresh does.
  const startDone = useRef(false);
  useEffect(() => {
    api.configure({
      onUnauthorized: () => {
        if (!userRef.current || !startDone.current) return;
        setUser(null);
        notify(STATUS_MESSAGES.unauthorized);
      },
    });
  }, [setUser, notify]);

  const signInDefaultUser = useCallback(async () => {
    try {
      setUser(await authApi.loginDefaultUser());
    } catch (error) {
      if (isApiError(error) && error.status === 422) warn(error.message);
    }
  }, [setUser, warn]);

  const started = useSessionStart({ config: configQuery.data, userRef, setUser, signInDefaultUser });
  useEffect(() => {
    startDone.current = started;
  }, [started]);

  const login = useCallback(
    async (body: LoginBody) => {
      const signedIn = await authApi.login(body);
      setUser(signedIn);
      return signedIn;
    },
    [setUser],
  );

  const logout = useCallback(async () => {
    await authApi.logout().catch(() => undefined);
    clear();
    setUser(null);
    if (config.useDefaultUser) await signInDefaultUser();
  }, [setUser, clear, config.useDefaultUser, signInDefaultUser]);

  const status: SessionStatus = configQuery.isError ? 'failed' : started ? 'ready' : 'initializing';
  const isDefaultUser = Boolean(user && config.useDefaultUser === user.username && user.roles.includes('readOnly'));
  const value = useMemo<SessionContextValue>(
    () => ({ status, initError: configQuery.error, config, user, isDefaultUser, login, acceptUser: setUser, logout }),
    [status, configQuery.error, config, user, isDefaultUser, login, setUser, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionContext must be used inside SessionProvider');
  return value;
}
