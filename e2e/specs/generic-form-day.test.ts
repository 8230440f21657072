import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type DrillingHole, apiCreateUser, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, visible, waitForRoute } from '../support/wait';

// Issue 18 §3 in the browser: a deep link aligns the filter bar (5), a missing record says so (6),
// an unsaved draft is not thrown away by the menu or by closing the window (7). Two expeditions,
// so that a stored filter of the one disagrees with a link into the other.
const FIRST = { program: 'GFD', expedition: '5093', acronym: 'GFDAY' } as const;
const SECOND = { program: 'GFE', expedition: '5094', acronym: 'GFDAY2' } as const;
const OPERATOR = {
  username: 'gfd.operator',
  email: 'gfd.operator@example.org',
  name: 'Dora Day',
  password: 'dora-Secret-42',
};

browserSuite('the generic form: a curator’s day', 'generic-form-day', (session) => {
  const baseUrl = inject('baseUrl');
  let first: DrillingHole;
  let second: DrillingHole;
  let page: Page;

  beforeAll(async () => {
    const token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    first = await apiSeedHole(baseUrl, token, FIRST, 2);
    second = await apiSeedHole(baseUrl, token, SECOND, 2);
    await apiCreateUser(baseUrl, token, { ...OPERATOR, roles: ['operator'] });
    page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(OPERATOR.username, OPERATOR.password);
    await new ShellPage(page).waitUntilShown();
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test("item 5: /forms/hole-form/{id} sets the filter bar to the hole's expedition and site", async () => {
    const holes = new FormPage(page, 'hole');
    // the form remembers the first expedition ...
    await holes.goto(`/forms/hole-form?filter=expedition:${String(first.expedition.id)}`);
    await holes.waitForValue(holes.filter('Expedition'), FIRST.acronym);
    // ... and a link names a hole of the second
    await holes.goto(`/forms/hole-form/${String(second.hole.id)}`);
    await holes.waitForValue(holes.filter('Expedition'), SECOND.acronym);
    await holes.waitForValue(holes.filter('Site'), '1');
    await waitForRoute(
      page,
      (route) =>
        new URLSearchParams(route.split('?')[1]).get('filter') ===
        `expedition:${String(second.expedition.id)},site:${String(second.site.id)}`,
      'the route with the hole’s ancestors as its filter',
    );
    await hasText(holes.position, '1 / 1');
    expect(await holes.row(second.hole.id).getAttribute('aria-current')).toBe('true');
    await session().shot(page, 'deep-link-aligned');
  });

  test("item 6: a record that does not exist says 'The requested resource was not found'", async () => {
    const cores = new FormPage(page, 'core');
    await cores.goto('/forms/core-form/999999');
    await hasText(page.locator('#record-form'), 'The requested resource was not found');
    await session().shot(page, 'record-not-found');
  });

  test('item 7: the menu asks before it leaves an unsaved record; Cancel stays; closing the window asks too', async () => {
    const cores = new FormPage(page, 'core');
    const [core] = first.cores;
    await cores.goto(`/forms/core-form/${String(core.id)}`);
    await cores.waitForValue(cores.field('Core Number'), '1');
    // the link aligned the filter bar: the core is the first of its hole's two
    await hasText(cores.position, '1 / 2');
    await cores.button('Edit').click();
    await cores.waitForScenario('edit');
    await cores.fill('Core Recovery [m]', '2.7');
    const shell = new ShellPage(page);
    await shell.navLink('Dashboard').click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Unsaved changes' }));
    await session().shot(page, 'unsaved-changes');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await cores.waitForScenario('edit');
    await cores.waitForValue(cores.field('Core Recovery [m]'), '2.7');

    // closing the window asks too (the browser's own question)
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.accept();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });
});
