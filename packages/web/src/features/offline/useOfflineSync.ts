import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serverReachability } from '../../platform/connection/serverReachability';
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
  const run = useCallback(async () => {
    try {
      const summary = await syncNow();
      await refreshStaleScopes();
      if (summary.uploaded > 0) await queryClient.invalidateQueries({ queryKey: ['records'] });
    } catch {
      // the status says why; the next reconnect or the Sync button tries again
    }
  }, [queryClient]);
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
