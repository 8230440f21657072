import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { STORAGE_KEYS, type AuthUser } from '@mdis/shared';
import { ADMIN, mockApi } from '../../test/mockApi';
import { testQueryClient } from '../../test/renderApp';
import { NotificationsProvider } from '../notifications/NotificationsContext';
import { SessionProvider, useSessionContext } from './SessionContext';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Renders the session with a stored user and the refresh's answer; records every render of a page below it. */
function startSession(refreshed: AuthUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
  mockApi({ 'GET app/config': { status: 200, body: {} }, 'GET auth/refresh': { status: 200, body: refreshed } });
  const renders: { status: string; user: AuthUser | null }[] = [];
  function Page() {
    const { status, user } = useSessionContext();
    renders.push({ status, user });
    return null;
  }
  render(
    <QueryClientProvider client={testQueryClient()}>
      <NotificationsProvider>
        <SessionProvider>
          <Page />
        </SessionProvider>
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return renders;
}

describe('the session start (issue 18: a reload)', () => {
  it('keeps the stored user when the refresh answers the same, so the page below renders once when ready', async () => {
    const renders = startSession({ ...ADMIN });
    await waitFor(() => expect(renders.at(-1)?.status).toBe('ready'));
    await new Promise((resolve) => setTimeout(resolve, 50)); // nothing more comes
    const users = new Set(renders.map((r) => r.user));
    expect(users.size).toBe(1);
    expect(renders.filter((r) => r.status === 'ready')).toHaveLength(1);
  });

  it('takes a refreshed user that differs (another profile) and stores it', async () => {
    const renamed = { ...ADMIN, profile: { ...ADMIN.profile, name: 'Ada Lovelace' } };
    const renders = startSession(renamed);
    await waitFor(() => expect(renders.at(-1)?.user?.profile.name).toBe('Ada Lovelace'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(renamed);
  });
});
