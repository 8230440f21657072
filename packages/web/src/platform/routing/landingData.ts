import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { appConfigQuery, formsQuery, type ResolvedAppConfig } from '../api/app.api';
import { currentToken } from '../session/currentToken';

/** What a landing page's loader gets to ask for its data at app start. */
export interface LandingRequest {
  queryClient: QueryClient;
  /** The route's parameters and query, as the page will read them. */
  params: Params;
  search: URLSearchParams;
  /** The app config once it has answered (the session's one request, shared through the cache). */
  config: () => Promise<ResolvedAppConfig>;
  /** Whether the stored user the loader started for is still the one signed in: ask a next step only then. */
  stillSignedIn: () => boolean;
}

/** Asks for what a page shows first, into the query cache under the keys the page reads (issue 18). */
export type LandingDataLoader = (request: LandingRequest) => Promise<unknown>;

/**
 * At app start with a stored user: the forms menu and the landing page's data are asked for at
 * once, with the stored token, beside the session's refresh instead of after it. Safe because
 * nothing shows before the refresh confirms the user (RequireAuth), a 401 meanwhile signs out
 * silently (SessionProvider), and signing out drops every cached answer (useUserScopedCache).
 * Without a stored user nothing is asked: the default user's sign-in comes first.
 */
export function prefetchLandingData(
  queryClient: QueryClient,
  loader: LandingDataLoader | undefined,
  params: Params,
  search: URLSearchParams,
): void {
  const token = currentToken();
  if (!token) return;
  queryClient.query(formsQuery).catch(() => undefined);
  loader?.({
    queryClient,
    params,
    search,
    config: () => queryClient.query(appConfigQuery),
    stillSignedIn: () => currentToken() === token,
  }).catch(() => undefined); // the page asks again and shows its own error
}
