import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { ValueListsPage } from '../pages/ValueListsPage';
import { type DrillingHole, apiCreateUser, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, hidden, visible, waitForRoute } from '../support/wait';

// Value lists as the curator keeps them (an administrator edits and locks one; an operator finds it
// locked, and the server refuses the change too), and the global code scanner landing on a record.
const LIST = 'CORE_TYPE';
const NAMES = { program: 'SCP', expedition: '5093', acronym: 'SCAN' } as const;
const OPERATOR = {
  username: 'vl.operator',
  email: 'vl.operator@example.org',
  name: 'Vera Operator',
  password: 'vera-Secret-42',
};

async function signedIn(page: Page, username: string, password: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(username, password);
  await new ShellPage(page).waitUntilShown();
}

/** A JSON call with a bearer token, to see what the server answers. */
async function callAs(baseUrl: string, token: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

browserSuite('value lists and the code scanner', 'lists-scanner', (session) => {
  const baseUrl = inject('baseUrl');
  let adminToken = '';
  let seeded: DrillingHole;
  let admin: Page;
  let adminLists: ValueListsPage;

  beforeAll(async () => {
    adminToken = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, adminToken, NAMES, 2);
    await apiCreateUser(baseUrl, adminToken, { ...OPERATOR, roles: ['operator'] });
    admin = await session().newPage();
    await signedIn(admin, ADMIN.username, ADMIN.password);
    adminLists = new ValueListsPage(admin, LIST);
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(admin, 'failed');
    });
  });

  test('an administrator adds an item and edits another; the table stays sorted by sort', async () => {
    await adminLists.goto();
    await adminLists.expectLocked(false);
    await adminLists.fillItem({ sort: '1', display: 'Q', remark: 'Quick test barrel' });
    await adminLists.editor.getByRole('button', { name: 'Create' }).click();
    await adminLists.expectMessage('created successfully');
    await visible(adminLists.row('Q'));

    await adminLists.editButton('Q').click();
    await visible(admin.locator('form[aria-label="edit item"]'));
    await adminLists.fillItem({ remark: 'Quick test barrel (edited)' });
    await adminLists.editor.getByRole('button', { name: 'Save' }).click();
    await adminLists.expectMessage('updated successfully');
    await hasText(adminLists.row('Q'), 'Quick test barrel (edited)');
    const sorts = (await adminLists.items.locator('tbody tr td:nth-child(3)').allInnerTexts()).map(Number);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    await session().shot(admin, 'list-edited');
  });

  test('an administrator locks the list', async () => {
    await admin.getByRole('button', { name: 'Lock', exact: true }).click();
    await adminLists.expectLocked(true);
    await visible(admin.getByRole('button', { name: 'Unlock', exact: true }));
    await session().shot(admin, 'list-locked');
  });

  test('an operator finds the locked list read-only, and the server refuses the change', async () => {
    const operator = await session().newPage();
    await signedIn(operator, OPERATOR.username, OPERATOR.password);
    const lists = new ValueListsPage(operator, LIST);
    await lists.goto();
    await lists.expectLocked(true);
    expect(await lists.editor.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    expect(await operator.getByRole('button', { name: 'Unlock', exact: true }).isDisabled()).toBe(true);
    expect(await lists.editButton('Q').isDisabled()).toBe(true);
    expect(await lists.items.getByRole('button', { name: 'delete Q', exact: true }).isDisabled()).toBe(true);
    await session().shot(operator, 'operator-locked');

    const operatorToken = (await apiLogin(baseUrl, OPERATOR.username, OPERATOR.password)).token;
    const refused = await callAs(baseUrl, operatorToken, 'POST', 'list-values', {
      listname: LIST,
      display: 'Z9',
      remark: 'not allowed',
      sort: '99',
    });
    expect(refused.status).toBe(403);
    await lists.goto();
    expect(await lists.row('Z9').count()).toBe(0);
  });

  test('the scanner dialog takes a typed IGSN and lands on that record', async () => {
    const core = seeded.cores.at(1);
    if (!core || typeof core.igsn !== 'string' || core.igsn === '') throw new Error('the seeded core has no IGSN');
    await admin.goto('/#/');
    await admin.getByRole('button', { name: 'scan igsn code' }).click();
    // the dashboard's scan widget has an input of the same name: the dialog's is the one
    const input = admin.getByRole('dialog').getByLabel('Enter (or scan) igsn code');
    await visible(input);
    await input.fill(core.igsn);
    await session().shot(admin, 'scanner');
    await input.press('Enter');
    await waitForRoute(
      admin,
      (r) => r.startsWith(`/forms/core-form/${String(core.id)}`),
      `the core form of ${core.igsn}`,
    );
    await hidden(admin.getByRole('dialog'));
    const form = new FormPage(admin, 'core');
    await form.waitForValue(form.field('IGSN'), core.igsn);
    await session().shot(admin, 'scanner-landed');
  });

  test('the scanner dialog closes 300 ms after focus leaves it, also from the camera button', async () => {
    await admin.goto('/#/');
    for (const via of ['input', 'camera button'] as const) {
      await admin.getByRole('button', { name: 'scan igsn code' }).click();
      const dialog = admin.getByRole('dialog');
      await visible(dialog.getByLabel('Enter (or scan) igsn code'));
      // headless Chromium has no camera: the attempt fails, and its button is replaced meanwhile
      if (via === 'camera button') {
        await dialog.getByRole('button', { name: 'Scan with camera' }).click();
        // the camera's code loads on first use; its failure hands the focus back to the input
        await visible(dialog.getByText('The camera could not be started.'));
      }
      await dialog.click({ position: { x: 4, y: 4 } }); // the dialog's margin: focus leaves the scanner
      await hidden(dialog);
    }
  });

  test('cleanup: the administrator unlocks the list again', async () => {
    const unlocked = await callAs(baseUrl, adminToken, 'PUT', `list-values/list?listname=${LIST}`, {
      is_locked: false,
    });
    expect(unlocked.status).toBe(200);
  });
});
