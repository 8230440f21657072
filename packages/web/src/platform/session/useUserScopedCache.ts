import { useEffect, useRef } from 'react';
import { hashKey, useQueryClient, type Query } from '@tanstack/react-query';
import { appKeys } from '../api/app.api';

const CONFIG_HASH = hashKey(appKeys.config());
// what the signed-out pages ask for (the app config; the login's 'auth' calls) belongs to no user
const askedByUser = (query: Query) => query.queryHash !== CONFIG_HASH && query.queryKey[0] !== 'auth';

/**
 * What one user's queries cached never reaches the next one. Signed out: every query but the
 * signed-out pages' goes, records and templates too (they were asked for with the user's token, some at start
 * before the refresh confirmed it). Signed in: the 'user' queries shown meanwhile load again. Runs
 * after the commit, so a signed-out shell has already unmounted and does not refetch without a token.
 */
export function useUserScopedCache(token: string | undefined): void {
  const queryClient = useQueryClient();
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current === token) return;
    previousToken.current = token;
    if (token) void queryClient.resetQueries({ queryKey: ['user'] });
    else queryClient.removeQueries({ predicate: askedByUser });
  }, [token, queryClient]);
}
