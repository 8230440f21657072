import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isApiError } from '../../platform/api/ApiError';
import { NotificationsProvider } from '../../platform/notifications/NotificationsContext';
import { SessionProvider } from '../../platform/session/SessionContext';
import { useCrossWindowRefresh } from '../../platform/windows/useCrossWindowRefresh';
import { useServerRecovery } from '../../platform/connection/useServerRecovery';
import { ThemeModeProvider } from '../theme/ThemeModeContext';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will answer the same again; only server and network trouble is worth a retry.
        retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Without a network a query still runs: the API client answers it from the offline store
        // where it can (issue 22), and otherwise fails at once instead of waiting paused.
        networkMode: 'always',
      },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

function CrossWindowRefresh() {
  useCrossWindowRefresh();
  return null;
}

function ServerRecovery() {
  useServerRecovery();
  return null;
}

/** Everything the pages rely on: server state, theme, notifications and the session. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <CrossWindowRefresh />
      <ServerRecovery />
      <ThemeModeProvider>
        <NotificationsProvider>
          <SessionProvider>{children}</SessionProvider>
        </NotificationsProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
