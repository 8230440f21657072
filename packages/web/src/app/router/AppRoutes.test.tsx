import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@mdis/shared';
import { ADMIN, VIEWER, fetchedUrls, mockApi, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const location = () => screen.getByTestId('location').textContent;

/** A server that answers nothing until `back()`: answers of its routes as `unlessDown(answer)`. */
function restartingServer() {
  let down = true;
  const unlessDown = (answer: { status: number; body?: unknown }) => () => {
    if (down) throw new TypeError('Failed to fetch');
    return answer;
  };
  return { unlessDown, back: () => (down = false) };
}

/** The failed start shows 'Error initializing'; when the server is back, the page shows by itself. */
async function recoversOnItsOwn(back: () => void) {
  expect(await screen.findByText('Error initializing')).toBeTruthy();
  back();
  expect(await screen.findByRole('heading', { name: 'User Management' }, { timeout: 6000 })).toBeTruthy();
  expect(screen.queryByText('Error initializing')).toBeNull();
}

describe('routing and the sign-in guard', () => {
  it('sends a signed-out user to /login with the full path as redirect', async () => {
    mockApi({ 'GET app/config': { status: 200, body: {} } });
    renderApp('/settings/users?sort=name');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(location()).toBe('/login?redirect=%2Fsettings%2Fusers%3Fsort%3Dname');
  });

  it('treats a refused stored token silently: login page, no message, user forgotten', async () => {
    const fetchMock = mockApi({
      'GET app/config': { status: 200, body: {} },
      'GET auth/refresh': { status: 401, body: { message: 'expired' } },
    });
    renderApp('/', { user: ADMIN });
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByText('Please login')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The config and the refresh go together (issue 18), and the forms menu beside them with the
    // stored token; the 401 drops it again.
    expect(fetchedUrls(fetchMock).sort()).toEqual(['api/v1/app/config', 'api/v1/app/forms', 'api/v1/auth/refresh']);
  });

  it('lets the administrator open User Management', async () => {
    mockApi({ ...shellAnswers(ADMIN), 'GET users': { status: 200, body: { items: [], _meta: {} } } });
    renderApp('/settings/users', { user: ADMIN });
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(document.title).toBe('User Management | Settings - mDIS');
  });

  it('should not show User Management to a viewer', async () => {
    mockApi(shellAnswers(VIEWER));
    renderApp('/settings/users', { user: VIEWER });
    expect(await screen.findByText('Not allowed. You do not have the required permissions.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'User Management' })).toBeNull();
  });

  it('shows the 404 page with a link to the Dashboard', async () => {
    mockApi(shellAnswers(ADMIN));
    renderApp('/no/such/page', { user: ADMIN });
    expect(await screen.findByRole('heading', { name: 'HTTP Error 404' })).toBeTruthy();
    expect(screen.getByText('Page not found.')).toBeTruthy();
    const link = screen.getAllByRole('link', { name: 'Dashboard' }).find((a) => a.closest('main'));
    expect(link?.getAttribute('href')).toBe('/');
  });

  it("shows 'Error initializing' when the app config cannot be loaded", async () => {
    mockApi({ 'GET app/config': { status: 500, body: { message: 'database is locked' } } });
    renderApp('/');
    expect(await screen.findByText('Error initializing')).toBeTruthy();
    expect(screen.getByText(/server log/)).toBeTruthy();
  });

  it('recovers by itself, without a reload, when the server answers again after a failed start', async () => {
    const { unlessDown, back } = restartingServer();
    // a server that is down answers none of the start's calls (they go together, issue 18)
    mockApi({
      ...shellAnswers(ADMIN),
      'GET app/config': unlessDown({ status: 200, body: {} }),
      'GET auth/refresh': unlessDown({ status: 200, body: ADMIN }),
      'GET app/forms': unlessDown({ status: 200, body: {} }),
      'GET health': unlessDown({ status: 200, body: { status: 'ok' } }),
      'GET users': { status: 200, body: { items: [], _meta: {} } },
    });
    renderApp('/settings/users', { user: ADMIN });
    await recoversOnItsOwn(back);
  }, 15_000);

  it('recovers by itself when another call of the start answered while the config call lost its answer', async () => {
    const { unlessDown, back } = restartingServer();
    // a server restarting between the start's calls: the refresh and the forms menu are answered,
    // the config (and the health route, until the server is back) get no answer
    mockApi({
      ...shellAnswers(ADMIN),
      'GET app/config': unlessDown({ status: 200, body: {} }),
      'GET health': unlessDown({ status: 200, body: { status: 'ok' } }),
      'GET users': { status: 200, body: { items: [], _meta: {} } },
    });
    renderApp('/settings/users', { user: ADMIN });
    await recoversOnItsOwn(back);
  }, 15_000);

  it('signs the configured default user in and offers Login instead of Logout', async () => {
    const guest = { ...VIEWER, username: 'guest', roles: ['readOnly'], profile: { name: 'Guest', email: '' } };
    mockApi({
      ...shellAnswers(guest),
      'GET app/config': { status: 200, body: { useDefaultUser: 'guest' } },
      'POST auth/login-default-user': { status: 200, body: guest },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    screen.getByRole('button', { name: 'account menu' }).click();
    expect(await screen.findByRole('menuitem', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).toBeNull();
  });

  it('goes to /login after a 401 during use, with Please login', async () => {
    mockApi({ ...shellAnswers(ADMIN), 'GET users': { status: 401, body: { message: 'expired' } } });
    renderApp('/settings/users', { user: ADMIN });
    expect(await screen.findByText('Please login')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fsettings%2Fusers'));
  });
});
