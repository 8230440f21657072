import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { TemplateManagerPage } from '../pages/TemplateManagerPage';
import { apiListRecords, apiLogin, apiSeedHole, type DrillingHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, visible, waitForRoute } from '../support/wait';

// A developer adds a new kind of record from the browser: the model 'Box' in module Curation under
// ProjectHole, with columns, an index and a behavior, its table and code; then its form with two
// groups; an operator's screen (the forms overview, the generic form) uses it right away. Last, a
// template goes round: duplicate, download as a zip, upload it again.
const NAMES = { program: 'TPL', expedition: '5095', acronym: 'TEMPLATES' } as const;

browserSuite('template manager: a new kind of record from the browser', 'template-manager', (session) => {
  const baseUrl = inject('baseUrl');
  let token = '';
  let seeded: DrillingHole;
  let page: Page;
  let tm: TemplateManagerPage;

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, token, NAMES, 1);
    page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(ADMIN.username, ADMIN.password);
    await new ShellPage(page).waitUntilShown();
    tm = new TemplateManagerPage(page);
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test('creates the model Box in Curation with a parent, columns, an index and a behavior; Save & Generate', async () => {
    await tm.goto();
    const create = page.getByRole('region', { name: 'create a data model' });
    await visible(create);
    await tm.choose('Module of the new model', 'Curation', create);
    await create.getByRole('link', { name: 'Create model' }).click();
    await waitForRoute(page, (r) => r === '/settings/templates-manager/data-models/new/Curation', 'the new model');

    await tm.commit(tm.input('Model name'), 'box');
    await hasText(page.locator('body'), 'table curation_box');
    await tm.choose('Parent model', 'ProjectHole');
    await visible(tm.column('hole_id'));

    await tm.input('New column name').fill('Box Number');
    await tm.button('Add column').click();
    const boxNumber = tm.column('box_number');
    await visible(boxNumber);
    await tm.choose('Type', 'integer', boxNumber);
    await tm.input('Label', boxNumber).fill('Box number');

    await tm.input('New column name').fill('shelf');
    await tm.button('Add column').click();
    const shelf = tm.column('shelf');
    await tm.input('Size', shelf).fill('20');
    await tm.input('Label', shelf).fill('Shelf');
    await shelf.getByRole('checkbox', { name: 'Required' }).check();

    // A duplicate name is refused and the previous name kept.
    await tm.commit(tm.input('Column name', shelf), 'box_number');
    await hasText(shelf, 'The name is taken.');
    await tm.commit(tm.input('Column name', shelf), 'shelf');

    await tm.input('New index name').fill('box in hole');
    await tm.button('Add index').click();
    const index = tm.index('box_in_hole');
    await visible(index);
    await tm.choose('Index type', 'UNIQUE', index);
    await index.getByRole('combobox', { name: 'Index columns' }).click();
    await page.getByRole('option', { name: 'hole_id', exact: true }).click();
    await page.getByRole('option', { name: 'box_number', exact: true }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('combobox', { name: 'Behavior' }).fill('Unique');
    await page.getByRole('option', { name: 'UniqueCombinationAutoIncrement', exact: true }).click();
    await tm.button('Add behavior').click();
    const behavior = page.getByRole('group', { name: /^behavior UniqueCombinationAutoIncrement/ });
    await visible(behavior);
    // the group's columns and the column to fill are picked from the model's columns
    await tm.choose('searchFields', 'hole_id', behavior);
    await tm.choose('fieldToFill', 'box_number', behavior);
    await session().shot(page, 'model-editor');

    await tm.button('Save').click();
    await waitForRoute(
      page,
      (r) => r === '/settings/templates-manager/data-models/update/CurationBox',
      'the update route',
    );
    await tm.button('Save & Generate').click();
    await tm.expectGenerated();
    const log = page.getByRole('list', { name: 'generation log' });
    await hasText(log, 'saved successfully');
    await log.scrollIntoViewIfNeeded();
    await session().shot(page, 'model-generated');

    await tm.goto();
    const card = tm.modelCard('CurationBox');
    await visible(card);
    const manage = card.getByRole('link', { name: /manage forms/i });
    await visible(manage);
    expect(await manage.getAttribute('aria-disabled')).not.toBe('true');
  });

  test('creates the form of Box with two groups, opens it in the forms overview and creates a record', async () => {
    await tm.goto('/forms/CurationBox');
    await page.getByRole('link', { name: 'New form', exact: true }).click();
    await waitForRoute(page, (r) => r.endsWith('/forms/CurationBox/new'), 'the new form route');
    await tm.commit(tm.input('Form name'), 'Box');
    expect(await tm.input('Form name').inputValue()).toBe('box');

    // The seed places the required shelf in group 1; box_number is dragged into a second group.
    const firstGroup = page.getByRole('list', { name: 'Group 1 fields' });
    await visible(firstGroup.getByRole('listitem', { name: 'shelf' }));
    await tm.button('Add group').click();
    const second = page.getByRole('region', { name: 'Group 2' });
    await tm.commit(tm.input('Group name', second), 'Storage');
    const secondList = page.getByRole('list', { name: 'Group 2 fields' });
    await tm.drag(page.getByRole('button', { name: 'Drag box_number' }), secondList);
    await visible(secondList.getByRole('listitem', { name: 'box_number' }));
    await session().shot(page, 'form-editor');

    await tm.button('Save').click();
    await waitForRoute(page, (r) => r.endsWith('/forms/CurationBox/update/box'), 'the update route');
    await tm.button('Save & Generate').click();
    await tm.expectGenerated();

    await page.goto('/#/forms');
    const card = page.getByRole('link', { name: /Box CurationBox$/ });
    await visible(card);
    // The generator created its specialised form module: the overview's green indicator.
    await visible(card.getByRole('img', { name: 'specialised form' }));
    await session().shot(page, 'forms-overview');
    await card.click();
    await waitForRoute(page, (r) => r.startsWith('/forms/box-form'), 'the box form');
    const form = new FormPage(page, 'box');
    await form.chooseFilter('Expedition', NAMES.acronym);
    await form.chooseFilter('Site', '1');
    await form.chooseFilter('Hole', 'A');
    await form.button('New').click();
    await form.waitForScenario('create');
    await form.fill('Shelf', 'S-12');
    await form.save();
    await form.expectMessage('created successfully');
    await session().shot(page, 'box-record');

    const boxes = await apiListRecords(baseUrl, token, 'box', { hole_id: seeded.hole.id });
    expect(boxes.map((b) => [b.shelf, b.box_number])).toEqual([['S-12', 1]]);
  });

  test('duplicates the model, downloads it as a zip and uploads it again', async () => {
    await tm.goto();
    const card = tm.modelCard('CurationBox');
    await tm.button('Duplicate', card).click();
    const dialog = page.getByRole('dialog');
    await tm.input('New name', dialog).fill('CurationCrate');
    await tm.button('Duplicate', dialog).click();
    await hasText(page.locator('.MuiSnackbar-root'), 'template was duplicated successfully');
    await visible(tm.modelCard('CurationCrate'));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tm.button('Download', tm.modelCard('CurationCrate')).click(),
    ]);
    const zipPath = await download.path();
    const zip = await readFile(zipPath);
    expect(zip.subarray(0, 2).toString()).toBe('PK');

    await tm.button('Delete', tm.modelCard('CurationCrate')).click();
    await tm.button('Delete', page.getByRole('dialog')).click();
    await hasText(page.locator('.MuiSnackbar-root'), 'deleted successfully');

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'CurationCrate.zip', mimeType: 'application/zip', buffer: zip });
    // An upload starts only once confirmed.
    await tm.button('Upload', page.getByRole('dialog', { name: 'Upload a template' })).click();
    await hasText(page.locator('.MuiSnackbar-root'), 'template was uploaded successfully');
    await visible(tm.modelCard('CurationCrate'));
    await session().shot(page, 'uploaded-again');
  });
});
