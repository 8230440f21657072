import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import { isApiError } from '../api/ApiError';
import { serverReachability } from './serverReachability';

/** How often the app asks whether the server is back while it is unreachable. */
export const RECOVERY_POLL_MS = 2000;

/**
 * While the server is unreachable: asks the health route every RECOVERY_POLL_MS (and at once when
 * the browser says it is online again). When the server answers, every query that failed or is
 * shown is fetched again, so a failed start ('Error initializing') or a page that could not load
 * comes back by itself, without a reload. A query that loses its answer while another call is
 * answered (a server restarting between the start's calls) may record its failure only after the
 * reachability flipped back, when the refetch has already looked: it is asked again once it fails.
 */
export function useServerRecovery(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const probe = async () => {
      timer = undefined;
      // Any answer, even an error status, means the server is there again (the client marks it).
      await api.get('health', undefined, { silentUnauthorized: true }).catch(() => undefined);
      if (!serverReachability.isReachable()) timer = setTimeout(() => void probe(), RECOVERY_POLL_MS);
    };
    const onOnline = () => {
      if (timer !== undefined) clearTimeout(timer);
      void probe();
    };
    const unsubscribe = serverReachability.subscribe((reachable) => {
      if (!reachable) {
        timer ??= setTimeout(() => void probe(), RECOVERY_POLL_MS);
        return;
      }
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' || query.isActive() });
    });
    const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const error = event.action.error as unknown;
      // Unreachable: the poll refetches it. Reachable again already: nothing else will.
      if (!serverReachability.isReachable() || !(isApiError(error) && error.isNetworkError)) return;
      const failed: unknown = event.query;
      void queryClient.refetchQueries({ predicate: (query) => query === failed });
    });
    window.addEventListener('online', onOnline);
    if (!serverReachability.isReachable()) onOnline();
    return () => {
      unsubscribe();
      unsubscribeCache();
      window.removeEventListener('online', onOnline);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [queryClient]);
}
