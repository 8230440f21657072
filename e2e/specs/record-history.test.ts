import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type DrillingHole, apiGetRecord, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { mkdirSync } from 'node:fs';
import { hasText, hidden, settled, visible } from '../support/wait';

const NAMES = { program: 'HISTP', expedition: '5097', acronym: 'HIST' } as const;
const PHONE = { width: 390, height: 844 };
// Screenshots to look at (not kept by the suite): the dialog and the audit page, desktop and phone.
const SHOTS = process.env.MDIS_SHOTS_DIR;

/**
 * How opaque the dialog is once its fade has ended: its own and its ancestors' opacity, times the
 * alpha of its background (a full-screen dialog on a phone must hide the page behind it).
 */
async function dialogOpacity(page: Page): Promise<number> {
  return page.evaluate(() => {
    const paper = document.querySelector('[role="dialog"]');
    if (!paper) return -1;
    let opacity = 1;
    for (let node: Element | null = paper; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(getComputedStyle(paper).backgroundColor)?.[1];
    return opacity * (alpha === undefined ? 1 : Number(alpha));
  });
}

/** How far an element's content is wider than the element, and than the viewport. */
async function sideways(page: Page, selector: string): Promise<number> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) return -1;
    return Math.max(
      element.scrollWidth - element.clientWidth,
      document.documentElement.scrollWidth - window.innerWidth,
    );
  }, selector);
}

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
    // The creation names the parent as the form does (its filter, not hole_id; the hole's combined
    // id, not its record id) and shows the datetime as the form shows it, not as stored.
    await hasText(entries.last(), String(seeded.hole.combined_id));
    const creation = await entries.last().innerText();
    expect(creation).toContain('Hole');
    expect(creation).not.toContain('hole_id');
    expect(creation).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
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

  const shot = async (name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  };

  test('restores the whole record to a version after a confirmation, and says why when it is refused', async () => {
    const core = seeded.cores[0];
    await form.button('History').click();
    const dialog = page.getByRole('dialog', { name: `History of ${String(core.combined_id)}` });
    await visible(dialog);
    const entries = dialog.getByRole('listitem');
    // Newest first: 2.9 → 2.5 (the restore above), 2.7 → 2.9, 2.5 → 2.7, ...
    await hasText(entries.nth(2), '2.5 → 2.7');
    await expect
      .poll(() =>
        entries
          .nth(0)
          .getByRole('button', { name: /^Restore this version/ })
          .count(),
      )
      .toBe(0);
    await settled(dialog);
    await shot('history-desktop');
    await entries
      .nth(2)
      .getByRole('button', { name: /^Restore this version/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await hasText(confirm, 'go back to how they were after the change of');
    await shot('history-confirm-desktop');
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await hidden(confirm);
    await form.expectMessage(`${String(core.combined_id)} restored to the version of`);
    await hasText(entries.nth(0), '2.5 → 2.7');
    expect((await apiGetRecord(baseUrl, token, 'core', core.id)).core_recovery).toBe(2.7);

    // The same version again: the record already has its values, and the dialog says so.
    await entries
      .nth(3)
      .getByRole('button', { name: /^Restore this version/ })
      .click();
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await hasText(dialog.getByRole('alert'), 'The version was not restored: The record already has these values.');
    await shot('history-refused-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);
    await form.waitForValue(form.field('Core Recovery [m]'), '2.7');
  });

  test('the History dialog and the audit page fit a 390×844 phone', async () => {
    await page.setViewportSize(PHONE);
    try {
      // A phone's toolbar keeps the record's extras, History among them, in the 'More actions' menu.
      await form.button('More actions').click();
      await page.getByRole('menu', { name: 'More actions' }).getByRole('menuitem', { name: 'History' }).click();
      const dialog = page.getByRole('dialog', { name: /^History of/ });
      await visible(dialog);
      await hasText(dialog.getByRole('listitem').first(), 'Changed by admin');
      // Full screen on a phone, and opaque once it has faded in: the page behind does not show through.
      await settled(dialog);
      expect(await dialogOpacity(page)).toBe(1);
      await shot('history-phone');
      expect(await sideways(page, '[role="dialog"] .MuiDialogContent-root')).toBeLessThanOrEqual(0);
      const restoreVersion = dialog.getByRole('button', { name: /^Restore this version/ }).first();
      const box = await restoreVersion.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await hidden(dialog);

      await page.goto('/#/settings/audit');
      await visible(page.getByRole('table', { name: 'Audit entries' }));
      await shot('audit-phone');
      expect(await sideways(page, 'main')).toBeLessThanOrEqual(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
    await shot('audit-desktop');
  });
});
