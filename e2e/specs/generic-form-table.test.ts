import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import {
  type DrillingHole,
  apiCreateRecord,
  apiCreateUser,
  apiGetRecord,
  apiListRecords,
  apiLogin,
  apiSeedHole,
} from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, hidden, visible } from '../support/wait';

// The record table and the rest of the toolbar, as an operator: columns moved and hidden (kept
// after a reload), the filter row, paging, Smart Copy and client-side validation. Seven cores of
// 3 m from the surface: tops 0, 3, … 18.
const NAMES = { program: 'GFT', expedition: '5092', acronym: 'GFTAB' } as const;
const CORE_COUNT = 7;
const OPERATOR = {
  username: 'gft.operator',
  email: 'gft.operator@example.org',
  name: 'Olga Operator',
  password: 'olga-Secret-42',
};
const TOP = 'Drillers Top Core Depth [mbrf]';

browserSuite('the generic form: record table and toolbar', 'generic-form-table', (session) => {
  const baseUrl = inject('baseUrl');
  let token = '';
  let seeded: DrillingHole;
  let page: Page;
  let form: FormPage;
  const coreIds = () => seeded.cores.map((core) => core.id);
  const holeFilter = () =>
    `expedition:${String(seeded.expedition.id)},site:${String(seeded.site.id)},hole:${String(seeded.hole.id)}`;
  /** The visible column headers, left to right. */
  const headers = async () =>
    // a header cell's first line is its label (the sort badge follows)
    (await form.table.locator('thead th').allInnerTexts())
      .map((text) => text.split('\n')[0]?.trim() ?? '')
      .filter(Boolean);
  const header = (name: string) => form.table.getByRole('columnheader', { name });
  /** A drag with the mouse, moved in steps as a hand does (HTML5 drag and drop needs the moves). */
  const dragOnto = async (handle: Locator, target: Locator) => {
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('nothing to drag or nowhere to drop');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
  };

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, token, NAMES, CORE_COUNT, 0);
    await apiCreateUser(baseUrl, token, { ...OPERATOR, roles: ['operator'] });
    page = await session().newPage();
    form = new FormPage(page, 'core');
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(OPERATOR.username, OPERATOR.password);
    await new ShellPage(page).waitUntilShown();
    await form.goto(`/forms/core-form?filter=${holeFilter()}`);
    await form.waitForRowIds(coreIds().slice(0, 5));
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test('drags a column before another and hides one; both are kept after a reload', async () => {
    expect((await headers()).indexOf('Curator')).toBeGreaterThan((await headers()).indexOf('Core Number'));
    await dragOnto(header('Curator').getByRole('button', { name: 'Move' }), header('Core Number'));
    const moved = await headers();
    expect(moved.indexOf('Curator')).toBe(moved.indexOf('Core Number') - 1);

    await page.getByRole('button', { name: 'Show/Hide columns' }).click();
    await page.getByRole('menu').getByText('Core Type', { exact: true }).click();
    await page.keyboard.press('Escape');
    await hidden(header('Core Type'));
    await session().shot(page, 'columns-moved');

    await page.reload();
    await form.waitForRowIds(coreIds().slice(0, 5));
    const afterReload = await headers();
    expect(afterReload.indexOf('Curator')).toBe(afterReload.indexOf('Core Number') - 1);
    expect(afterReload).not.toContain('Core Type');
    await session().shot(page, 'columns-after-reload');
  });

  test('says the records are loading while the list is on its way after a reload, never that there are none', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const list = (url: URL) => url.pathname === '/api/v1/form' && url.searchParams.get('name') === 'core';
    const claims: string[] = [];
    await page.route(list, async (route) => {
      await held;
      await route.continue().catch(() => undefined); // the test may have ended meanwhile
    });
    try {
      await page.reload();
      const loading = await visible(form.table.getByRole('status').filter({ hasText: 'Loading records…' }));
      // the table's own empty text must not have shown meanwhile either
      claims.push(...(await form.table.getByText(/No records to display|No data available/).allInnerTexts()));
      await session().shot(page, 'table-loading');
      release();
      await form.waitForRowIds(coreIds().slice(0, 5));
      await hidden(loading);
    } finally {
      release();
      await page.unroute(list);
    }
    expect(claims).toEqual([]);
  });

  test('filters by value in the filter row: "> 10" on the drillers top depth', async () => {
    await page.keyboard.press('Alt+F');
    const input = form.table.getByPlaceholder(`Filter by ${TOP}`);
    await input.fill('> 10');
    // tops 12, 15 and 18: cores 5, 6 and 7
    await form.waitForRowIds(coreIds().slice(4));
    await hasText(page.locator('.MuiTablePagination-root'), '1-3 of 3');
    await session().shot(page, 'filter-row');
    await input.fill('');
    await form.waitForRowIds(coreIds().slice(0, 5));
    await form.page.getByRole('button', { name: 'Hide filter by value' }).click();
    await hidden(input);
  });

  test('pages through with the pager and a larger page, and jumps to the last record', async () => {
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await form.waitForRowIds(coreIds().slice(5));
    await hasText(page.locator('.MuiTablePagination-root'), `6-7 of ${String(CORE_COUNT)}`);
    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await form.waitForRowIds(coreIds().slice(0, 5));

    await page.locator('.MuiTablePagination-root').getByRole('combobox').click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await form.waitForRowIds(coreIds());
    await page.locator('.MuiTablePagination-root').getByRole('combobox').click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await form.waitForRowIds(coreIds().slice(0, 5));

    await form.row(coreIds()[1] ?? 0).click();
    await form.button('Last record').click();
    await form.waitForRouteId(coreIds()[CORE_COUNT - 1] ?? 0);
    await form.waitForRowIds(coreIds().slice(5));
    await hasText(form.position, `${String(CORE_COUNT)} / ${String(CORE_COUNT)}`);
  });

  test('Smart Copy duplicates the last core as the next one; the copy is saved, then deleted', async () => {
    await form.button('Smart Copy').click();
    await form.waitForScenario('create');
    await form.waitForValue(form.field('Core Number'), String(CORE_COUNT + 1));
    await form.waitForValue(form.field('Drilled Length [m]'), '3');
    await session().shot(page, 'smart-copy');
    await form.save();
    await form.expectMessage('Record was created successfully');
    await form.waitForScenario('view');
    const copy = (await apiListRecords(baseUrl, token, 'core', { hole_id: seeded.hole.id })).find(
      (core) => !coreIds().includes(core.id),
    );
    expect(copy).toMatchObject({ core: CORE_COUNT + 1, drilled_length: 3 });
    await form.waitForRouteId(copy?.id ?? -1);

    await form.confirmDelete();
    await form.expectMessage('deleted successfully');
    await form.waitForRouteId(null);
    expect((await apiListRecords(baseUrl, token, 'core', { hole_id: seeded.hole.id })).map((c) => c.id)).toEqual(
      coreIds(),
    );
  });

  test("an invalid value shows the client's message under the field and nothing is saved", async () => {
    const second = seeded.cores.at(1);
    if (!second) throw new Error('no second core');
    await form.button('First record').click();
    await form.waitForRowIds(coreIds().slice(0, 5));
    await form.row(second.id).click();
    await form.waitForValue(form.field('Core Number'), '2');
    await form.button('Edit').click();
    await form.waitForScenario('edit');
    await form.fill('Drilled Length [m]', 'three');
    await form.save();
    await hasText(form.fieldMessage('Drilled Length [m]'), 'Drilled Length [m] must be a number');
    await form.fill('Drilled Length [m]', '');
    await form.save();
    await hasText(form.fieldMessage('Drilled Length [m]'), 'Drilled Length [m] is required');
    await session().shot(page, 'client-validation');
    await form.waitForScenario('edit');
    await form.escapeAndDiscard();
    await form.waitForScenario('view');
    await form.waitForValue(form.field('Drilled Length [m]'), '3');
    expect((await apiGetRecord(baseUrl, token, 'core', second.id)).drilled_length).toBe(3);
    await visible(form.button('Edit'));
  });

  test('alt+shift+n on a hole without cores creates its first core', async () => {
    const { expedition, site } = seeded;
    const empty = await apiCreateRecord(baseUrl, token, 'hole', {
      site_id: site.id,
      hole: 'B',
      start_date: '2024-05-09',
      drillers_reference_height: 2.5,
    });
    await form.goto(
      `/forms/core-form?filter=expedition:${String(expedition.id)},site:${String(site.id)},hole:${String(empty.id)}`,
    );
    await form.waitForValue(form.filter('Hole'), 'B');
    await visible(page.getByText('No data available for this filter setting.'));
    await page.keyboard.press('Alt+Shift+N');
    await form.waitForScenario('create');
    await form.waitForValue(form.field('Core Number'), '1');
    await form.fill('Core on Deck (CoD)', '2024-05-09 10:00');
    await form.fill('Drilled Length [m]', '1.5');
    await page.keyboard.press('Alt+Shift+S');
    await form.expectMessage('Record was created successfully');
    await form.waitForScenario('view');
    const created = await apiListRecords(baseUrl, token, 'core', { hole_id: empty.id });
    expect(created).toMatchObject([{ core: 1, drilled_length: 1.5 }]);
    await form.waitForRowIds(created.map((core) => core.id));
    await session().shot(page, 'first-core');
  });
});
