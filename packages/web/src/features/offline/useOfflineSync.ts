import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { serverReachability } from '../../platform/connection/serverReachability';
import { movedAddress } from './movedAddress';
import { refreshOfflineStatus } from './offlineStatus';
import { refreshStaleScopes, SCOPE_REFRESH_MS, syncNow } from './syncRunner';

/** Whether the server answers and the browser has a network. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => serverReachability.isReachable() && navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(serverReachability.isReachable() && navigator.onLine);
    const unsubscribe = serverReachability.subscribe(update);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      unsubscribe();
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * Syncs when the server is reachable again (once at start, and every SCOPE_REFRESH_MS while
 * online), then refreshes stale scopes; the screens read the server's answers afterwards.
 */
export function useOfflineSync(online: boolean): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // the address when the sync ends, not when it began
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  const run = useCallback(async () => {
    try {
      const summary = await syncNow();
      // a screen still naming a record by its temporary id moves to the real one, in place
      const moved = movedAddress(here.current, summary.idMap);
      if (moved) void navigate(moved, { replace: true });
      await refreshStaleScopes();
      if (summary.uploaded > 0 || summary.files > 0) await queryClient.invalidateQueries({ queryKey: ['records'] });
    } catch {
      // the status says why; the next reconnect or the Sync button tries again
    }
  }, [queryClient, navigate]);
  useEffect(() => {
    void refreshOfflineStatus();
  }, []);
  useEffect(() => {
    if (!online) return;
    void run();
    // a tab left open all day keeps its scopes fresh too
    const timer = setInterval(() => void run(), SCOPE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, run]);
  return run;
}
