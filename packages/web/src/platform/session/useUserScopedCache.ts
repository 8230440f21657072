import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * What one user's queries (keys under 'user') cached never reaches the next one. Runs after the
 * commit, so a signed-out shell has already unmounted and does not refetch without a token.
 */
export function useUserScopedCache(token: string | undefined): void {
  const queryClient = useQueryClient();
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current === token) return;
    previousToken.current = token;
    if (token) void queryClient.resetQueries({ queryKey: ['user'] });
    else queryClient.removeQueries({ queryKey: ['user'] });
  }, [token, queryClient]);
}
