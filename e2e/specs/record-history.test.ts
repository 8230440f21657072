import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type DrillingHole, apiGetRecord, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, hidden, visible } from '../support/wait';

const NAMES = { program: 'HISTP', expedition: '5097', acronym: 'HIST' } as const;

browserSuite('record history: who changed what, and putting a value back', 'record-history', (session) => {
  const baseUrl = inject('baseUrl');
  let token = '';
  let seeded: DrillingHole;
  let page: Page;
  let form: FormPage;

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, token, NAMES, 1);
    page = await session().newPage();
    form = new FormPage(page, 'core');
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(ADMIN.username, ADMIN.password);
    await new ShellPage(page).waitUntilShown();
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  const edit = async (value: string) => {
    await form.button('Edit').click();
    await form.waitForScenario('edit');
    await form.fill('Core Recovery [m]', value);
    await form.save();
    await form.expectMessage('Record was updated successfully');
    await form.waitForScenario('view');
    await form.waitForValue(form.field('Core Recovery [m]'), value);
  };

  test('edits a core twice, sees both changes with their labels, and restores the first value', async () => {
    const core = seeded.cores[0];
    await form.goto();
    await form.chooseFilter('Expedition', NAMES.acronym);
    await form.chooseFilter('Site', '1');
    await form.chooseFilter('Hole', 'A');
    await form.waitForRowIds([core.id]);
    await form.row(core.id).click();
    await form.waitForRouteId(core.id);
    await edit('2.7');
    await edit('2.9');

    await form.button('History').click();
    const dialog = page.getByRole('dialog', { name: `History of ${String(core.combined_id)}` });
    await visible(dialog);
    const entries = dialog.getByRole('listitem');
    await hasText(entries.nth(0), 'Changed by admin');
    await hasText(entries.nth(0), 'Core Recovery [m]');
    await hasText(entries.nth(0), '2.7 → 2.9');
    await hasText(entries.nth(1), '2.5 → 2.7');
    await hasText(entries.last(), 'Created by admin');
    await session().shot(page, 'history');

    await entries.nth(1).getByRole('button', { name: 'Restore Core Recovery [m] to 2.5' }).click();
    await form.expectMessage('Core Recovery [m] restored to 2.5.');
    await hasText(entries.nth(0), '2.9 → 2.5');
    await session().shot(page, 'restored');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);
    await form.waitForValue(form.field('Core Recovery [m]'), '2.5');
    expect((await apiGetRecord(baseUrl, token, 'core', core.id)).core_recovery).toBe(2.5);
  });
});
