import { AUTH_MESSAGES } from '@mdis/shared';
import { expect, inject, test } from 'vitest';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { apiCreateUser, apiLogin } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, visible, waitForRoute } from '../support/wait';

const VIEWER = {
  username: 'vera.viewer',
  email: 'vera@example.org',
  name: 'Vera Viewer',
  password: 'vera-Secret-42',
  roles: ['viewer' as const],
};

browserSuite('logging in', 'login', (session) => {
  test('empty fields show the required message', async () => {
    const page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.submit.click();
    await hasText(login.helperText(login.username), 'This is required');
    await hasText(login.helperText(login.password), 'This is required');
    await session().shot(page, 'required');
  });

  test('a wrong password shows the message under the password field', async () => {
    const page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(ADMIN.username, 'not-the-password');
    await login.expectPasswordMessage(AUTH_MESSAGES.wrongCredentials);
    await login.expectPasswordMessage('Incorrect username or password.');
    await login.toggleVisibility.click();
    await session().shot(page, 'wrong-password');
  });

  test('a user seeded through the API logs in with their e-mail address', async () => {
    const baseUrl = inject('baseUrl');
    const admin = await apiLogin(baseUrl, ADMIN.username, ADMIN.password);
    await apiCreateUser(baseUrl, admin.token, VIEWER);
    const page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(VIEWER.email, VIEWER.password);
    const shell = new ShellPage(page);
    await shell.waitUntilShown();
    const menu = await shell.openAccountMenu();
    await visible(menu.getByText(VIEWER.username, { exact: true }));
    await session().shot(page, 'viewer-by-email');
    // File Upload is offered from operator up, not to a viewer.
    expect(await shell.navLink('File Upload').count()).toBe(0);
  });

  test('a signed-out visit to /settings goes to /login with redirect, and back there after login', async () => {
    const page = await session().newPage();
    await page.goto('/#/settings');
    const route = await waitForRoute(page, (r) => r.startsWith('/login?'), '/login?redirect=...');
    const redirect = new URLSearchParams(route.slice(route.indexOf('?'))).get('redirect');
    if (redirect !== '/settings') throw new Error(`Expected redirect=/settings, found ${String(redirect)}`);
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await session().shot(page, 'login-with-redirect');
    await login.logIn(ADMIN.username, ADMIN.password);
    await waitForRoute(page, (r) => r === '/settings', '/settings');
    await new ShellPage(page).waitUntilShown();
    await visible(page.getByText('User Management', { exact: true }));
    await session().shot(page, 'settings-after-redirect');
  });
});
