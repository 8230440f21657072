import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { type ImportFile, ImportPage } from '../pages/ImportPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type DrillingHole, apiCreateUser, apiListRecords, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, visible, waitForRoute } from '../support/wait';

// An operator's afternoon with the core log of a hole, kept in a spreadsheet: import it through the
// core form's Import button, point the "Hole" column at the hole by its combined id, see the row the
// form refuses, correct the spreadsheet, commit, find the link to the records, and undo the import.
const NAMES = { program: 'IMPP', expedition: '5093', acronym: 'IMPORT' } as const;
const OTHER_NAMES = { program: 'IMPO', expedition: '5094', acronym: 'IMPOTHER' } as const;
const OPERATOR = {
  username: 'im.operator',
  email: 'im.operator@example.org',
  name: 'Ida Importer',
  password: 'ida-Secret-42',
};
const HEADERS = ['Hole', 'Core Number', 'Core on Deck (CoD)', 'Drilled Length [m]', 'drillers_top_depth', 'Notes'];

async function coreLog(name: string, hole: string, secondLength: number): Promise<ImportFile> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Core log');
  sheet.addRow(HEADERS);
  sheet.addRow([hole, 1, '2024-05-04T08:00:00Z', 3, 10, 'first run']);
  sheet.addRow([hole, 2, '2024-05-04T10:00:00Z', secondLength, 13, 'jammed']);
  sheet.addRow([hole, 3, '2024-05-04T12:00:00Z', 3, 16, '']);
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

browserSuite('import: a spreadsheet of cores through the form screen', 'import', (session) => {
  const baseUrl = inject('baseUrl');
  let adminToken = '';
  let seeded: DrillingHole;
  let page: Page;
  let screen: ImportPage;
  const holeKey = () => String(seeded.hole.combined_id);
  const coresOfHole = () => apiListRecords(baseUrl, adminToken, 'core', { hole_id: seeded.hole.id });

  beforeAll(async () => {
    adminToken = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, adminToken, NAMES, 0);
    // cores of another hole: the link to the imported records must leave them out
    await apiSeedHole(baseUrl, adminToken, OTHER_NAMES, 2);
    await apiCreateUser(baseUrl, adminToken, { ...OPERATOR, roles: ['operator'] });
    page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(OPERATOR.username, OPERATOR.password);
    await new ShellPage(page).waitUntilShown();
    screen = new ImportPage(page);
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test("the core form's Import button opens the import screen", async () => {
    const form = new FormPage(page, 'core');
    await page.goto('/#/forms/core-form');
    // the form's first load (its chunk, template and lists) can be slow on a busy machine
    await (await visible(form.toolbar.getByRole('link', { name: 'Import' }), 45_000)).click();
    await waitForRoute(page, (route) => route === '/forms/core-form/import', 'the import screen');
    await screen.waitUntilShown('Core');
  });

  test('maps the file, shows which row fails and why, and offers no commit', async () => {
    // on its own address too, so this test does not depend on the one before
    if (!new URL(page.url()).hash.endsWith('/import')) await page.goto('/#/forms/core-form/import');
    await screen.waitUntilShown('Core');
    await screen.pick(await coreLog('core-log.xlsx', holeKey(), -1));
    await visible(screen.mapping);
    expect(await screen.hintOf('Core Number')).toBe('matched by label');
    expect(await screen.hintOf('drillers_top_depth')).toBe('matched by column name');
    expect(await screen.hintOf('Hole')).toBe('ignored');

    await screen.map('Hole', 'Hole ID (hole_id) *');
    expect(await screen.hintOf('Hole')).toBe('your choice');
    await screen.preview();
    await screen.waitForCount('Rows', 3);
    await screen.waitForCount('Errors', 1);
    const [failing] = await screen.errorRows();
    expect(failing).toMatch(/^2 \| Drilled Length \[m\] \| -1 \| \S/);
    expect(await screen.button('Commit 3 rows').isDisabled()).toBe(true);
    await session().shot(page, 'preview-errors');
    expect(await coresOfHole()).toEqual([]);
  });

  test('the corrected file keeps the mapping, commits all rows with progress, and links to them', async () => {
    await screen.pick(await coreLog('core-log-fixed.xlsx', holeKey(), 3));
    await screen.waitForCount('Errors', 0);
    await screen.waitForCount('New', 3);
    expect(await screen.hintOf('Hole')).toBe('your choice');
    await screen.button('Commit 3 rows').click();
    await hasText(page.getByRole('alert'), 'Imported 3 records: 3 new, 0 updated, 0 unchanged.');
    await session().shot(page, 'committed');
    expect((await coresOfHole()).map((core) => Number(core.core))).toEqual([1, 2, 3]);
    const link = page.getByRole('link', { name: 'Show the imported records' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^#\/forms\/core-form\?filter=batch(:|%3A)[0-9a-f-]{36}$/);

    // the link, in a tab of its own (this one keeps the result for the undo): exactly the imported
    // cores, among all the cores of every hole, with the import's filter shown above the table
    const tab = await page.context().newPage();
    try {
      const cores = new FormPage(tab, 'core');
      await cores.goto(String(href).replace(/^#/, ''));
      const imported = (await coresOfHole()).map((core) => core.id).sort((a, b) => a - b);
      expect((await apiListRecords(baseUrl, adminToken, 'core')).length).toBeGreaterThan(imported.length);
      await cores.waitForRowIds(imported);
      await visible(tab.getByRole('group', { name: 'Active import filter' }));
      await session().shot(tab, 'imported-records');
    } finally {
      await tab.close();
    }
  });

  test('undoes the import as a whole', async () => {
    await screen.button('Undo import').click();
    await page.getByRole('dialog', { name: 'Undo import' }).getByRole('button', { name: 'Undo import' }).click();
    await hasText(page.getByRole('alert'), 'Import undone: 3 records removed.');
    expect(await coresOfHole()).toEqual([]);
  });
});
