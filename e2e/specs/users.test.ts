import { expect, test } from 'vitest';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type NewUser, UsersPage } from '../pages/UsersPage';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, visible, waitForRoute } from '../support/wait';

const OPERATOR: NewUser = {
  username: 'olga.operator',
  email: 'olga@example.org',
  name: 'Olga Operator',
  password: 'olga-Secret-42',
  roles: ['operator'],
};

browserSuite('user management', 'users', (session) => {
  test('the administrator creates a user, logs out, and the new user logs in', async () => {
    const page = await session().newPage();
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    const users = new UsersPage(page);

    await login.goto();
    await login.logIn(ADMIN.username, ADMIN.password);
    await shell.waitUntilShown();

    await users.goto();
    await visible(users.row(ADMIN.username));
    const dialog = await users.openNewUserDialog();
    await users.fillUser(dialog, OPERATOR);
    await session().shot(page, 'new-user-dialog');
    await users.save(dialog, 'created successfully');
    const row = users.row(OPERATOR.username);
    await visible(row);
    await hasText(row, OPERATOR.email);
    await hasText(row, OPERATOR.name);
    await hasText(row, 'operator');
    await visible(page.getByRole('button', { name: `edit ${OPERATOR.username}` }));
    await visible(page.getByRole('button', { name: `delete ${OPERATOR.username}` }));
    await session().shot(page, 'user-created');

    await shell.logOut();
    await waitForRoute(page, (route) => route.startsWith('/login'), '/login');
    await login.waitUntilShown();
    await session().shot(page, 'logged-out');

    await login.logIn(OPERATOR.username, OPERATOR.password);
    await shell.waitUntilShown();
    const menu = await shell.openAccountMenu();
    await visible(menu.getByText(OPERATOR.name));
    await visible(menu.getByText(OPERATOR.username, { exact: true }));
    await session().shot(page, 'operator-account-menu');
    await page.keyboard.press('Escape');
    await visible(shell.navLink('File Upload'));

    // An operator is no administrator: the user management tile is not offered.
    await page.goto('/#/settings');
    await visible(page.getByText('Settings').first());
    expect(await page.getByText('User Management', { exact: true }).count()).toBe(0);
  });

  test('on a 390×844 phone the users fit the screen and every action is in reach', async () => {
    const page = await session().newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const login = new LoginPage(page);
    const users = new UsersPage(page);
    await login.goto();
    await login.logIn(ADMIN.username, ADMIN.password);
    await waitForRoute(page, (route) => !route.startsWith('/login'), 'past the login');
    await users.goto();
    await visible(users.row(OPERATOR.username));
    await page.waitForTimeout(300);
    await session().shot(page, 'users-phone');
    // nothing in the page scrolls sideways, not the page and not a box inside it (a wide table)
    const sideways = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('main, main *'))
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className.split(' ')[0] ?? ''}`),
    );
    expect(sideways, 'boxes that scroll sideways').toEqual([]);
    for (const username of [ADMIN.username, OPERATOR.username])
      for (const action of ['edit', 'delete']) {
        const box = await page.getByRole('button', { name: `${action} ${username}` }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `${action} ${username} on screen`).toBe(true);
      }
    await page.getByRole('button', { name: `edit ${OPERATOR.username}` }).click();
    await visible(users.dialog('Edit user'));
    await page.context().close();
  });
});
