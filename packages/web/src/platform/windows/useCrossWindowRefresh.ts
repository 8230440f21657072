import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import { announceDataChange, onDataChangeElsewhere } from './dataChanges';

/**
 * Keeps the windows of this app in step: every write through the API client is announced, and a
 * write announced by another window marks this window's server data stale, so what it shows (lists,
 * 'show files (n)', the uploaded files) is fetched again without a reload.
 */
export function useCrossWindowRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    api.configure({ onWrite: (path) => announceDataChange({ path }) });
    const stop = onDataChangeElsewhere(() => void queryClient.invalidateQueries());
    return () => {
      stop();
      api.configure({ onWrite: undefined });
    };
  }, [queryClient]);
}
