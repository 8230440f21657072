import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import {
  type ApiRecord,
  type DrillingHole,
  apiCreateRecord,
  apiCreateUser,
  apiGetUserConfig,
  apiLogin,
  apiSeedHole,
  apiSetAppConfig,
} from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, visible, waitForRoute } from '../support/wait';

// The generic form around the form: the facet search in the top bar, the smart form route
// {formName}, and favourite forms reordered by dragging in the drawer. As an operator.
const NAMES = { program: 'GFS', expedition: '5093', acronym: 'GFSHL' } as const;
const OPERATOR = {
  username: 'gfs.operator',
  email: 'gfs.operator@example.org',
  name: 'Oskar Operator',
  password: 'oskar-Secret-42',
};

browserSuite('the generic form: facet search, smart form route, favourites', 'generic-form-shell', (session) => {
  const baseUrl = inject('baseUrl');
  let adminToken = '';
  let operatorToken = '';
  let seeded: DrillingHole;
  let otherExpedition: ApiRecord;
  let page: Page;
  let shell: ShellPage;

  /** A drag with the mouse in small steps (dnd-kit starts a drag after a few pixels). */
  const dragOnto = async (handle: Locator, target: Locator) => {
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('nothing to drag or nowhere to drop');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
  };

  beforeAll(async () => {
    adminToken = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, adminToken, NAMES, 2, 0);
    otherExpedition = await apiCreateRecord(baseUrl, adminToken, 'expedition', {
      program_id: seeded.expedition.program_id,
      expedition: '5094',
      exp_name: 'Expedition GFSH2',
      exp_acronym: 'GFSH2',
      chief_scientists: ['AM'],
      contact: 'Anna Meyer',
      start_date: '2024-06-01',
    });
    await apiSetAppConfig(baseUrl, adminToken, { useFacetSearch: true });
    await apiCreateUser(baseUrl, adminToken, { ...OPERATOR, roles: ['operator'] });
    operatorToken = (await apiLogin(baseUrl, OPERATOR.username, OPERATOR.password)).token;
    page = await session().newPage();
    shell = new ShellPage(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(OPERATOR.username, OPERATOR.password);
    await shell.waitUntilShown();
  });

  afterAll(async () => {
    // the other browser specs share this server
    await apiSetAppConfig(baseUrl, adminToken, { useFacetSearch: false });
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test('the facet search picks the expedition once: every form starts from it, and a change follows', async () => {
    const picker = page.getByRole('button', { name: 'Facet search' });
    await hasText(picker, 'All expeditions');
    await picker.click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Facet search' }));
    await dialog.getByLabel('Expedition').click();
    await page.getByRole('option', { name: NAMES.acronym, exact: true }).click();
    await session().shot(page, 'facet-picker');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hasText(picker, NAMES.acronym);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'facetSearch')).toBeTruthy();
    expect(await apiGetUserConfig(baseUrl, operatorToken, 'facetSearch')).toEqual({
      program: [],
      expedition: [seeded.expedition.id],
    });

    const cores = new FormPage(page, 'core');
    await cores.goto();
    await cores.waitForValue(cores.filter('Expedition'), NAMES.acronym);
    await cores.waitForValue(cores.filter('Site'), '');
    const sites = new FormPage(page, 'site');
    await sites.goto();
    await sites.waitForValue(sites.filter('Expedition'), NAMES.acronym);
    await sites.waitForRowIds([seeded.site.id]);
    await session().shot(page, 'facet-site-form');

    // choosing another expedition while a form is open moves its filter bar there
    await picker.click();
    const again = await visible(page.getByRole('dialog', { name: 'Facet search' }));
    await again.getByLabel('Expedition').click();
    await page.keyboard.press('Backspace');
    await page.getByRole('option', { name: 'GFSH2', exact: true }).click();
    await again.getByRole('button', { name: 'Close' }).click();
    await sites.waitForValue(sites.filter('Expedition'), 'GFSH2');
    await waitForRoute(
      page,
      (route) => decodeURIComponent(route).includes(`expedition:${String(otherExpedition.id)}`),
      'a route filtered by the other expedition',
    );
    await visible(page.getByText('No data available for this filter setting.'));

    await picker.click();
    await (
      await visible(page.getByRole('dialog', { name: 'Facet search' }))
    )
      .getByRole('button', { name: 'Reset', exact: true })
      .click();
    await page.keyboard.press('Escape');
    await hasText(picker, 'All expeditions');
  });

  test('the smart form route /{formName} loads the template by name; /smart-forms/… leads there', async () => {
    const { expedition, site, hole } = seeded;
    const filter = `expedition:${String(expedition.id)},site:${String(site.id)},hole:${String(hole.id)}`;
    const smart = new FormPage(page, 'core');
    await smart.goto(`/core?filter=${filter}`);
    await smart.waitForRowIds(seeded.cores.map((core) => core.id));
    await hasText(shell.breadcrumbs, 'Core');
    await session().shot(page, 'smart-form');

    const second = seeded.cores.at(1);
    if (!second) throw new Error('no second core');
    await page.goto(`/#/smart-forms/core/${String(second.id)}?filter=${filter}`);
    await waitForRoute(page, (route) => route.startsWith(`/core/${String(second.id)}`), `/core/${String(second.id)}`);
    await smart.waitForValue(smart.field('Core Number'), '2');
    await page.goto('/#/no-such-form');
    await visible(page.getByRole('heading', { name: 'HTTP Error 404' }));
  });

  test('favourite forms are starred, dragged into another order, and kept after a reload', async () => {
    await page.goto('/#/');
    const nav = shell.navigation;
    await nav.getByRole('button', { name: 'Add Core to favourites' }).click();
    await nav.getByRole('button', { name: 'Add Section to favourites' }).click();
    const favourites = nav.getByRole('list', { name: 'Favourites' });
    const order = async () => (await favourites.getByRole('link').allInnerTexts()).map((text) => text.trim());
    expect(await order()).toEqual(['Core', 'Section']);

    await dragOnto(
      favourites.getByRole('button', { name: 'Drag Section to reorder' }),
      favourites.getByRole('link', { name: 'Core' }),
    );
    await session().shot(page, 'favourites-dragged');
    expect(await order()).toEqual(['Section', 'Core']);
    // saved a second after the last change
    const savedKeys = async () => {
      const saved = await apiGetUserConfig(baseUrl, operatorToken, 'favorite-forms');
      return Array.isArray(saved) ? saved.map((form: { key?: unknown }) => form.key) : [];
    };
    const deadline = Date.now() + 10_000;
    while (JSON.stringify(await savedKeys()) !== '["section","core"]' && Date.now() < deadline)
      await page.waitForTimeout(200);
    expect(await savedKeys()).toEqual(['section', 'core']);

    await page.reload();
    await shell.waitUntilShown();
    await visible(favourites.getByRole('link', { name: 'Section' }));
    expect(await order()).toEqual(['Section', 'Core']);
  });
});
