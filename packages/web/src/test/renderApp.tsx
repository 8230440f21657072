import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, type AuthUser } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../app/providers/AppProviders';
import { AppRoutes } from '../app/router/AppRoutes';

/** Renders the current location into a test id, so tests can assert where the app went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderAppOptions {
  /** Stored as if signed in before the reload. */
  user?: AuthUser;
  /** The cache to use, for a test that looks into it (default: a fresh one without retries). */
  queryClient?: QueryClient;
}

export function testQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return queryClient;
}

/** The whole app (providers, shell, routes) at `path`, with a fresh query cache. */
export function renderApp(path: string, { user, queryClient = testQueryClient() }: RenderAppOptions = {}) {
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}
