import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type DrillingHole, apiCreateUser, apiGetRecord, apiListRecords, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, hidden, visible, waitForRoute } from '../support/wait';

// An operator's day on the core form: the hole's seven cores are seeded through the API (the server
// seeds the drilling model on every new database); everything else happens in the browser, signed
// in as an operator.
const NAMES = { program: 'GFP', expedition: '5091', acronym: 'GFORM' } as const;
const CORE_COUNT = 7;
const OPERATOR = {
  username: 'gf.operator',
  email: 'gf.operator@example.org',
  name: 'Otto Operator',
  password: 'otto-Secret-42',
};
const VIEWER = {
  username: 'gf.viewer',
  email: 'gf.viewer@example.org',
  name: 'Gina Viewer',
  password: 'gina-Secret-42',
};

browserSuite('the generic form: core logging on the core form', 'generic-form', (session) => {
  const baseUrl = inject('baseUrl');
  let token = '';
  let seeded: DrillingHole;
  let page: Page;
  let form: FormPage;
  const coreIds = () => seeded.cores.map((core) => core.id);
  /** The n-th seeded core (1-based). */
  const core = (n: number) => {
    const found = seeded.cores.at(n - 1);
    if (!found) throw new Error(`seeding made no core ${String(n)}`);
    return found;
  };
  const holeCores = async () => apiListRecords(baseUrl, token, 'core', { hole_id: seeded.hole.id });

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, token, NAMES, CORE_COUNT);
    await apiCreateUser(baseUrl, token, { ...OPERATOR, roles: ['operator'] });
    page = await session().newPage();
    form = new FormPage(page, 'core');
    const login = new LoginPage(page);
    await login.goto();
    // the operator logs the cores; the administrator only seeds and checks through the API
    await login.logIn(OPERATOR.username, OPERATOR.password);
    await new ShellPage(page).waitUntilShown();
  });

  // a failing step leaves a picture of what the browser showed
  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test('picks expedition → site → hole from left to right and sees the first page of the cores', async () => {
    await form.goto();
    // a select opens only once the filter it requires is chosen
    expect(await form.filter('Site').isDisabled()).toBe(true);
    await form.chooseFilter('Expedition', NAMES.acronym);
    await form.chooseFilter('Site', '1');
    await form.chooseFilter('Hole', 'A');

    // the URL follows the bar once it has settled (500 ms)
    const filter = `expedition:${String(seeded.expedition.id)},site:${String(seeded.site.id)},hole:${String(seeded.hole.id)}`;
    await waitForRoute(
      page,
      (r) => new URLSearchParams(r.split('?')[1]).get('filter') === filter,
      `a route with filter=${filter}`,
    );
    await form.waitForRowIds(coreIds().slice(0, 5));
    await hasText(page.locator('.MuiTablePagination-root'), `1-5 of ${String(CORE_COUNT)}`);
    await session().shot(page, 'filter-cascade');
  });

  test('selects a row: the form shows that core and the URL carries its id', async () => {
    const third = core(3);
    await form.row(third.id).click();
    await form.waitForRouteId(third.id);
    await form.waitForValue(form.field('Core Number'), '3');
    await form.waitForValue(form.field('Combined ID'), String(third.combined_id));
    await hasText(form.position, `3 / ${String(CORE_COUNT)}`);
    expect(await form.row(third.id).getAttribute('aria-current')).toBe('true');
    // and it shows: the current row is tinted, the others are not
    const tint = (id: number) =>
      form
        .row(id)
        .locator('td')
        .nth(1)
        .evaluate((cell) => getComputedStyle(cell, '::after').backgroundColor);
    expect(await tint(core(2).id)).toBe('rgba(0, 0, 0, 0)');
    expect(await tint(third.id)).not.toBe('rgba(0, 0, 0, 0)');
    // with a bar at its start, unlike a ticked row
    const bar = (id: number) =>
      form
        .row(id)
        .locator('td')
        .first()
        .evaluate((cell) => getComputedStyle(cell).boxShadow);
    expect(await bar(core(2).id)).toBe('none');
    expect(await bar(third.id)).toContain('inset');
    await session().shot(page, 'row-selected');
  });

  test('edits the core recovery, saves, and sees the success message and the new value', async () => {
    const third = core(3);
    await form.button('Edit').click();
    await form.waitForScenario('edit');
    // table navigation is off while editing
    expect(await form.button('Next record').isDisabled()).toBe(true);
    await form.fill('Core Recovery [m]', '2.9');
    await session().shot(page, 'editing');
    await form.save();
    await form.expectMessage('Record was updated successfully');
    await form.waitForScenario('view');
    await form.waitForValue(form.field('Core Recovery [m]'), '2.9');
    await hasText(form.row(third.id), '2.9');
    expect((await apiGetRecord(baseUrl, token, 'core', third.id)).core_recovery).toBe(2.9);
    await session().shot(page, 'saved');
  });

  test("shows the server's 422 message under the field and in the summary; Cancel restores the record", async () => {
    const third = core(3);
    await form.button('Edit').click();
    await form.waitForScenario('edit');
    await form.fill('Drilled Length [m]', '-1');
    await form.save();
    await hasText(form.fieldMessage('Drilled Length [m]'), 'Drilled Length [m] must be 0 or more.');
    await hasText(form.serverErrors, 'drilled_length: Drilled Length [m] must be 0 or more.');
    await session().shot(page, 'server-422');

    await form.button('Cancel').click();
    await form.waitForScenario('view');
    await form.waitForValue(form.field('Drilled Length [m]'), '3');
    expect(await form.serverErrors.count()).toBe(0);
    expect((await apiGetRecord(baseUrl, token, 'core', third.id)).drilled_length).toBe(3);
  });

  test('creates the next core: defaults filled, created message, the URL names the new record', async () => {
    await form.button('New').click();
    await form.waitForScenario('create');
    // the server's defaults: the next core number, the top where the last core ended
    await form.waitForValue(form.field('Core Number'), String(CORE_COUNT + 1));
    await form.waitForValue(form.field('Drillers Top Core Depth [mbrf]'), String(100 + 3 * CORE_COUNT));
    await form.fill('Core on Deck (CoD)', '2024-05-04 08:00');
    await form.fill('Drilled Length [m]', '2.5');
    await session().shot(page, 'creating');
    await form.save();
    await form.expectMessage('Record was created successfully');
    await form.waitForScenario('view');

    const cores = await holeCores();
    expect(cores).toHaveLength(CORE_COUNT + 1);
    const created = cores.find((core) => !coreIds().includes(core.id));
    expect(created).toMatchObject({
      core: CORE_COUNT + 1,
      drilled_length: 2.5,
      drillers_top_depth: 100 + 3 * CORE_COUNT,
    });
    await form.waitForRouteId(created?.id ?? -1);
    await form.waitForValue(form.field('Core Number'), String(CORE_COUNT + 1));
    await hasText(form.position, `${String(CORE_COUNT + 1)} / ${String(CORE_COUNT + 1)}`);
    await session().shot(page, 'created');
  });

  test('deletes the new core after the confirmation; the URL drops the id', async () => {
    const createdId = await form.routeId();
    expect(createdId).not.toBeNull();
    await form.button('Delete').click();
    await visible(form.deleteDialog);
    await hasText(form.deleteDialog, 'Are you sure? this action could not be reverted.');
    await session().shot(page, 'delete-confirmation');
    await form.deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await form.expectMessage('deleted successfully');
    await form.waitForRouteId(null);
    await visible(page.getByText('Select a record in the table, or create a new one.'));
    expect((await holeCores()).map((core) => core.id)).toEqual(coreIds());
  });

  test('moves across pages with first/next/previous and sorts by a header click', async () => {
    const [fifth, sixth] = [core(5), core(6)];
    // the created core was on page 2, and page 2 stays after its deletion
    await form.waitForRowIds(coreIds().slice(5));
    await form.row(sixth.id).click();
    await form.button('First record').click();
    await form.waitForRouteId(core(1).id);
    await form.waitForRowIds(coreIds().slice(0, 5));
    await hasText(form.position, `1 / ${String(CORE_COUNT)}`);
    await form.row(fifth.id).click();
    await form.waitForRouteId(fifth.id);
    await form.button('Next record').click();
    await form.waitForRouteId(sixth.id);
    await form.waitForRowIds(coreIds().slice(5));
    await hasText(form.position, `6 / ${String(CORE_COUNT)}`);
    await form.button('Previous record').click();
    await form.waitForRouteId(fifth.id);
    await form.waitForRowIds(coreIds().slice(0, 5));

    // a numeric column sorts descending on the first click
    const header = form.table.getByRole('columnheader', { name: 'Core Number' });
    await header.getByText('Core Number', { exact: true }).click();
    await form.waitForRowIds([...coreIds()].reverse().slice(0, 5));
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    await session().shot(page, 'sorted-descending');
  });

  test('a fresh load of the form brings back the filter, the sort and the current record from local storage', async () => {
    const fifth = core(5);
    // a new tab of the same browser: same local storage, no URL state
    const fresh = new FormPage(await page.context().newPage(), 'core');
    await fresh.goto();
    await fresh.waitForValue(fresh.filter('Hole'), 'A');
    await fresh.waitForRowIds([...coreIds()].reverse().slice(0, 5));
    await fresh.waitForRouteId(fifth.id);
    await fresh.waitForValue(fresh.field('Core Number'), '5');
    await fresh.page.close();
  });

  test('works from the keyboard: new, save, edit, cancel, duplicate, delete', async () => {
    const keys = page.keyboard;
    await keys.press('Alt+Shift+N');
    await form.waitForScenario('create');
    await form.waitForValue(form.field('Core Number'), String(CORE_COUNT + 1));
    await form.fill('Core on Deck (CoD)', '2024-05-05 06:30');
    await form.fill('Drilled Length [m]', '1.5');
    await keys.press('Alt+Shift+S');
    await form.expectMessage('Record was created successfully');
    await form.waitForScenario('view');
    const created = (await holeCores()).find((core) => !coreIds().includes(core.id));
    expect(created).toMatchObject({ core: CORE_COUNT + 1, drilled_length: 1.5 });
    await form.waitForRouteId(created?.id ?? -1);

    await keys.press('Alt+Shift+E');
    await form.waitForScenario('edit');
    await form.field('Drilled Length [m]').fill('9');
    // a changed record asks before Esc drops the change
    await form.escapeAndDiscard();
    await form.waitForScenario('view');
    await form.waitForValue(form.field('Drilled Length [m]'), '1.5');

    await keys.press('Alt+Shift+D');
    await form.waitForScenario('create');
    // a copy of the current core as the next one of the hole
    await form.waitForValue(form.field('Drilled Length [m]'), '1.5');
    await form.waitForValue(form.field('Core Number'), String(CORE_COUNT + 2));
    await session().shot(page, 'duplicate');
    await keys.press('Escape');
    await form.waitForScenario('view');

    await keys.press('Alt+Shift+Delete');
    await visible(form.deleteDialog);
    await form.deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await form.expectMessage('deleted successfully');
    await form.waitForRouteId(null);
    expect((await holeCores()).map((core) => core.id)).toEqual(coreIds());
  });

  test('filters by value: "> 110" on the drillers top depth', async () => {
    await page.keyboard.press('Alt+Shift+F');
    const dialog = await visible(page.getByRole('dialog', { name: 'Filter by value' }));
    await dialog.getByLabel('Drillers Top Core Depth [mbrf]', { exact: true }).fill('> 110');
    await session().shot(page, 'filter-by-value');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    // tops 100, 103 … 118: cores 5, 6 and 7 lie deeper than 110, newest first
    await form.waitForRowIds([...coreIds()].reverse().slice(0, 3));
    await hasText(page.locator('.MuiTablePagination-root'), '1-3 of 3');

    await page.keyboard.press('Alt+Shift+F');
    const again = await visible(page.getByRole('dialog', { name: 'Filter by value' }));
    await again.getByRole('button', { name: 'Clear all' }).click();
    await again.getByRole('button', { name: 'Apply' }).click();
    await form.waitForRowIds([...coreIds()].reverse().slice(0, 5));
  });

  test('New without a hole chosen asks to fill out the filter bar', async () => {
    const { expedition, site } = seeded;
    await page.goto(`/#/forms/core-form?filter=expedition:${String(expedition.id)},site:${String(site.id)}`);
    await form.waitForValue(form.filter('Hole'), '');
    await form.button('New').click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Please fill out the filter bar' }));
    await hasText(dialog, 'Please specify items in the filter bar. It is located at the top of the page.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await hasText(form.filterBar, 'This field is required');
    expect(await page.locator('[data-record-panel][data-scenario="create"]').count()).toBe(0);
    await session().shot(page, 'required-filters');
    await form.chooseFilter('Hole', 'A');
    expect(await form.filterBar.getByText('This field is required').count()).toBe(0);
  });

  test('a hidden column stays hidden on the next visit', async () => {
    await visible(form.table.getByRole('columnheader', { name: 'Curator' }));
    await page.getByRole('button', { name: 'Show/Hide columns' }).click();
    await page.getByRole('menu').getByText('Curator', { exact: true }).click();
    await page.keyboard.press('Escape');
    await hidden(form.table.getByRole('columnheader', { name: 'Curator' }));
    const fresh = new FormPage(await page.context().newPage(), 'core');
    await fresh.goto();
    await visible(fresh.table.getByRole('columnheader', { name: 'Core Number' }));
    expect(await fresh.table.getByRole('columnheader', { name: 'Curator' }).count()).toBe(0);
    await fresh.page.close();
  });

  test('alt+1/2/3 focus filter, form and table; alt+f shows the filter row; alt+shift+c makes it compact', async () => {
    await form.goto(`/forms/core-form/${String(core(4).id)}`);
    await form.waitForValue(form.field('Core Number'), '4');
    const focusedIn = (id: string) =>
      page.evaluate((section) => document.getElementById(section)?.contains(document.activeElement) ?? false, id);
    await page.keyboard.press('Alt+1');
    expect(await focusedIn('form-filter-section')).toBe(true);
    await page.keyboard.press('Alt+2');
    expect(await focusedIn('record-form')).toBe(true);
    await page.keyboard.press('Alt+3');
    expect(await focusedIn('record-table-section')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-record-id'))).not.toBeNull();

    const toggle = form.page.getByRole('button', { name: /filter by value$/ }).first();
    expect(await toggle.getAttribute('aria-label')).toBe('Show filter by value');
    await page.keyboard.press('Alt+F');
    await visible(page.getByRole('button', { name: 'Hide filter by value' }));
    await page.keyboard.press('Alt+F');
    await visible(page.getByRole('button', { name: 'Show filter by value' }));

    const groupHeading = form.panel.getByText('Depths', { exact: true });
    await visible(groupHeading);
    await page.keyboard.press('Alt+Shift+C');
    await hidden(groupHeading);
    await session().shot(page, 'compact');
    await page.keyboard.press('Alt+Shift+C');
    await visible(groupHeading);
  });

  test("the Sections button opens the core's sections in the named window section-window", async () => {
    const fourth = core(4);
    const [popup] = await Promise.all([page.context().waitForEvent('page'), form.button('Sub-form Sections').click()]);
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => window.name)).toBe('section-window');
    const route = decodeURIComponent(new URL(popup.url()).hash);
    expect(route).toContain('/forms/section-form');
    expect(route).toContain(`hole:${String(seeded.hole.id)},core:${String(fourth.id)}`);
    const sections = new FormPage(popup, 'section');
    await sections.waitForValue(sections.filter('Core'), '4');
    await session().shot(popup, 'sections-window');

    // issue 18 item 18: another core's Sections reuse that window instead of opening one more
    const windows = page.context().pages().length;
    await page.bringToFront();
    await form.row(core(3).id).click();
    await form.waitForRouteId(core(3).id);
    await form.button('Sub-form Sections').click();
    await sections.waitForValue(sections.filter('Core'), '3');
    expect(page.context().pages().length).toBe(windows);
    await popup.close();
  });

  test('a viewer sees the records but no edit controls', async () => {
    await apiCreateUser(baseUrl, token, { ...VIEWER, roles: ['viewer'] });
    const viewerPage = await session().newPage();
    const login = new LoginPage(viewerPage);
    await login.goto();
    await login.logIn(VIEWER.username, VIEWER.password);
    await new ShellPage(viewerPage).waitUntilShown();
    const viewer = new FormPage(viewerPage, 'core');
    const { expedition, site, hole } = seeded;
    await viewer.goto(
      `/forms/core-form/${String(core(3).id)}?filter=expedition:${String(expedition.id)},site:${String(site.id)},hole:${String(hole.id)}`,
    );
    await viewer.waitForValue(viewer.field('Core Number'), '3');
    await visible(viewer.button('Next record'));
    for (const name of ['Edit', 'New', 'Smart Copy', 'Delete']) expect(await viewer.button(name).count()).toBe(0);
    // nor from the keyboard
    await viewerPage.keyboard.press('Alt+Shift+E');
    await viewerPage.waitForTimeout(300);
    await viewer.waitForScenario('view');
    expect(await viewer.table.getByRole('columnheader', { name: '# id' }).count()).toBe(0);
    await session().shot(viewerPage, 'viewer');
  });
});
