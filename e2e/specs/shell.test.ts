import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hidden, visible, waitForRoute } from '../support/wait';

browserSuite('the administrator in the application shell', 'shell', (session) => {
  let page: Page;
  let shell: ShellPage;

  beforeAll(async () => {
    page = await session().newPage();
    shell = new ShellPage(page);
  });

  test('logs in and sees the shell', async () => {
    const login = new LoginPage(page);
    await login.goto();
    await hidden(shell.breadcrumbs);
    await session().shot(page, 'login');
    await login.logIn(ADMIN.username, ADMIN.password);
    await shell.waitUntilShown();
    await waitForRoute(page, (route) => route === '/', "'/' (the dashboard)");
    await visible(shell.navLink('Dashboard'));
    await visible(shell.navLink('Settings'));
    await visible(shell.navigation.getByText('Forms', { exact: true }));
    await visible(shell.breadcrumbs);
    const menu = await shell.openAccountMenu();
    await visible(menu.getByText(ADMIN.username, { exact: true }));
    await visible(menu.getByRole('menuitem', { name: 'My Account' }));
    await visible(menu.getByRole('menuitem', { name: 'Logout' }));
    await session().shot(page, 'dashboard-account-menu');
    await page.keyboard.press('Escape');
    await hidden(shell.accountMenu);
  });

  test('toggles dark mode and compact layout, and both survive a reload', async () => {
    await shell.expectTheme('dark'); // dark mode is the default
    await shell.expectCompact(false);
    await shell.darkModeToggle.click();
    await shell.expectTheme('light');
    await shell.compactToggle.click();
    await shell.expectCompact(true);
    await session().shot(page, 'light-compact');

    await page.reload();
    await shell.waitUntilShown();
    await shell.expectTheme('light');
    await shell.expectCompact(true);
    await session().shot(page, 'light-compact-after-reload');

    await shell.darkModeToggle.click();
    await shell.compactToggle.click();
    await shell.expectTheme('dark');
    await shell.expectCompact(false);
  });

  test('shows the 404 page for an unknown route, with a link back to the dashboard', async () => {
    await page.goto('/#/no-such-page');
    await visible(page.getByRole('heading', { name: 'HTTP Error 404' }));
    await visible(page.getByText('Page not found.', { exact: true }));
    await session().shot(page, 'not-found');
    // The page's own link, not the breadcrumb's.
    await page.getByRole('main').locator('a:not(nav a)', { hasText: 'Dashboard' }).click();
    expect(await waitForRoute(page, (route) => route === '/', "'/'")).toBe('/');
  });
});
