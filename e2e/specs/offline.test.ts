import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FilesUploadPage } from '../pages/FilesUploadPage';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { OfflinePage } from '../pages/OfflinePage';
import { ShellPage } from '../pages/ShellPage';
import {
  type ApiRecord,
  type DrillingHole,
  apiCreateRecord,
  apiGetRecord,
  apiListRecords,
  apiLogin,
  apiSeedHole,
  apiUpdateRecord,
} from '../support/api';
import { ADMIN } from '../support/env';
import { noisePng } from '../support/images';
import { browserSuite } from '../support/suite';
import { hasText, hidden, visible } from '../support/wait';

// Offline on the drill site (issue 22): a hole kept offline, the network gone, a reload, cores,
// sections and a sample entered and a core edited offline; back online the queue syncs, the
// server numbers what was made, and a core changed meanwhile on the server opens the conflict
// dialog, where the user keeps the server's depth and their own comment.

const NAMES = { program: 'OFFP', expedition: '5099', acronym: 'OFFL' } as const;
const PHONE = { width: 390, height: 844 };

/** The record id in the address, negative for a record made offline. */
async function routeId(page: Page, formName: string): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const route = new URL(page.url()).hash.replace(/^#/, '');
    const match = new RegExp(`^/forms/${formName}-form/(-?\\d+)`).exec(route);
    if (match?.[1]) return Number(match[1]);
    if (Date.now() > deadline) throw new Error(`no record id in ${route}`);
    await page.waitForTimeout(100);
  }
}

async function openForm(page: Page, name: string, filter: string): Promise<FormPage> {
  const form = new FormPage(page, name);
  await form.goto(`/forms/${name}-form?filter=${encodeURIComponent(filter)}`);
  return form;
}

async function typeInto(form: FormPage, label: string, text: string): Promise<void> {
  const input = form.field(label);
  await input.click();
  await form.page.keyboard.press('ControlOrMeta+KeyA');
  await form.page.keyboard.type(text);
  await form.page.keyboard.press('Tab');
}

async function createRecord(form: FormPage, values: [label: string, text: string][]): Promise<number> {
  await form.button('New').click();
  await form.waitForScenario('create');
  for (const [label, text] of values) await typeInto(form, label, text);
  await form.save();
  await form.expectMessage('Record was created successfully');
  await form.waitForScenario('view');
  return routeId(form.page, form.formName);
}

browserSuite('offline on the drill site', 'offline', (session) => {
  const baseUrl = inject('baseUrl');
  let token = '';
  let seeded: DrillingHole;
  let split: ApiRecord;
  let page: Page;
  let offline: OfflinePage;

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, token, NAMES, 2);
    const section = await apiCreateRecord(baseUrl, token, 'section', { core_id: seeded.cores[0]?.id, section: 1 });
    [split] = (await apiListRecords(baseUrl, token, 'split', { section_id: section.id })) as [ApiRecord];
    page = await session().newPage();
    offline = new OfflinePage(page);
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

  test(
    'keeps a hole offline, works through a reload without network, syncs, resolves a conflict',
    { timeout: 300_000 },
    async () => {
      const shot = (step: string) => session().shot(page, step);
      // the screens this issue changes, on a desktop and on a phone
      const shots = async (step: string) => {
        await shot(step);
        const desktop = page.viewportSize();
        await page.setViewportSize(PHONE);
        await page.waitForTimeout(300);
        await shot(`${step}-phone`);
        if (desktop) await page.setViewportSize(desktop);
      };
      const [core1, core2] = seeded.cores as [ApiRecord, ApiRecord];
      const holeFilter = `expedition:${String(seeded.expedition.id)},site:${String(seeded.site.id)},hole:${String(seeded.hole.id)}`;

      // Online: the hole kept offline from the core form's filter bar.
      let cores = await openForm(page, 'core', holeFilter);
      await cores.waitForRowIds([core1.id, core2.id]);
      await page.getByRole('button', { name: 'Keep offline', exact: true }).click();
      await visible(offline.keepDialog);
      await offline.waitForEstimate();
      await shots('keep-offline-dialog');
      await offline.keepDialog.getByRole('button', { name: 'Cancel' }).click();
      const kept = await offline.keepOffline();
      expect(kept).toMatch(/Kept offline: \d+ records/);
      await offline.waitForStatus('Online');
      await offline.waitForOfflineWorker();
      await shots('kept-offline');

      // The network gone, and a reload: the app, the form and its records come from this browser.
      await page.context().setOffline(true);
      await page.reload();
      cores = new FormPage(page, 'core');
      await visible(cores.toolbar);
      await cores.waitForRowIds([core1.id, core2.id]);
      await offline.waitForStatus('Offline');

      // Three cores, numbered by the user; what the server assigns shows as pending.
      const newCores: number[] = [];
      for (let n = 3; n <= 5; n += 1)
        newCores.push(
          await createRecord(cores, [
            ['Core Number', String(n)],
            ['Core on Deck (CoD)', `2026-05-03 0${String(n)}:00`],
            ['Drillers Top Core Depth [mbrf]', String(100 + 3 * (n - 1))],
            ['Drilled Length [m]', '3'],
          ]),
        );
      expect(newCores.every((id) => id < 0)).toBe(true);
      // the new record is the current one, counted in the list
      await hasText(cores.position, '5 / 5');
      // the combined id by the server's rule, from the hole kept offline, marked pending
      await cores.waitForValue(cores.field('Combined ID'), '5099_1_A_005 (pending)');
      await shots('cores-created-offline');

      // An existing core edited offline: its comment.
      await cores.row(core1.id).click();
      await cores.waitForRouteId(core1.id);
      await cores.button('Edit').click();
      await cores.waitForScenario('edit');
      await typeInto(cores, 'Additional Information', 'logged offline');
      await cores.save();
      await cores.expectMessage('Record was updated successfully');

      // Two sections of the first new core, and a sample on the existing split.
      const sections = await openForm(page, 'section', `${holeFilter},core:${String(newCores[0])}`);
      for (let n = 1; n <= 2; n += 1) await createRecord(sections, [['Section Number', String(n)]]);
      await sections.waitForValue(sections.field('Combined ID'), '5099_1_A_003_2 (pending)');
      const samples = await openForm(
        page,
        'sample',
        `${holeFilter},core:${String(core1.id)},section:${String(split.section_id)},sectionSplit:${String(split.id)}`,
      );
      await createRecord(samples, [['Top [cm]', '10']]);
      await offline.waitForStatus('7 pending');
      await shots('offline-pending');

      // The hole cannot be removed from the browser while its changes wait.
      // named like the form's title and the hole's combined id, as elsewhere
      const removeHole = page.getByRole('button', { name: 'Remove Hole 5099_1_A from this browser' });
      await offline.status.click();
      await visible(page.getByText(/^Kept offline: Hole 5099_1_A \(/));
      await removeHole.click();
      await hasText(page.getByRole('alert'), 'Hole 5099_1_A has 7 changes waiting for the server');
      await shots('remove-refused');
      await page.keyboard.press('Escape');

      // A photo of the first new core, chosen on the upload screen the core opens: kept in the
      // browser for that core (its combined id still pending), through a reload.
      const sampleAddress = page.url();
      const photo = { name: 'core-3-photo.png', mimeType: 'image/png', buffer: noisePng(40, 30) };
      const upload = new FilesUploadPage(page);
      await page.goto(`/#/files-upload?filter=${encodeURIComponent(`${holeFilter},core:${String(newCores[0])}`)}`);
      await upload.waitUntilShown();
      await upload.pick([photo]);
      await page.getByRole('button', { name: 'Keep 1 file until online' }).click();
      const waiting = page.getByRole('list', { name: 'Waiting for the network' });
      await hasText(waiting.getByRole('listitem', { name: photo.name }), 'for 5099_1_A_003 (pending)');
      await offline.waitForStatus('8 pending');
      await shots('upload-offline');

      // Reload once more: still everything there.
      await page.reload();
      await hasText(waiting.getByRole('listitem', { name: photo.name }), 'for 5099_1_A_003 (pending)');
      await page.goto(sampleAddress);
      await offline.waitForStatus('8 pending');

      // Meanwhile another client changes the core's depth on the server.
      const current = await apiGetRecord(baseUrl, token, 'core', core1.id);
      await apiUpdateRecord(baseUrl, token, 'core', core1.id, { ...current, drillers_top_depth: 150 });

      // Back online: the queue syncs by itself; the edited core is a conflict.
      await page.context().setOffline(false);
      await offline.waitForStatus('1 pending', 60_000);
      await offline.status.click();
      await page.getByRole('button', { name: /Resolve 1 refused/ }).click();
      const dialog = offline.conflictDialog();
      await visible(dialog);
      await shots('conflict-dialog');
      await dialog
        .getByRole('group', { name: 'Drillers Top Core Depth [mbrf]', exact: true })
        .getByRole('button', { name: /^Server/ })
        .click();
      await dialog
        .getByRole('group', { name: 'Additional Information', exact: true })
        .getByRole('button', { name: /^Yours/ })
        .click();
      await dialog.getByRole('button', { name: 'Resubmit' }).click();
      await offline.waitForExactStatus('Online', 60_000);

      // The server has every record, numbered by it.
      const serverCores = await apiListRecords(baseUrl, token, 'core', { hole_id: seeded.hole.id });
      expect(serverCores.map((core) => core.core)).toEqual([1, 2, 3, 4, 5]);
      for (const core of serverCores) {
        expect(String(core.combined_id)).toMatch(/^5099_1_A_/);
        expect(core.igsn).toMatch(/\w+/);
      }
      const created = serverCores[2];
      const newSections = await apiListRecords(baseUrl, token, 'section', { core_id: created.id });
      expect(newSections.map((section) => section.section)).toEqual([1, 2]);
      for (const section of newSections) expect(section.combined_id).not.toMatch(/^(pending)?$/);
      const newSamples = await apiListRecords(baseUrl, token, 'sample', { section_split_id: split.id });
      expect(newSamples).toHaveLength(1);
      expect(newSamples[0]?.combined_id).toBeTruthy();
      // The photo went up with the sync, to the core that had only a temporary id when it was chosen.
      const photos = await apiListRecords(baseUrl, token, 'files', { core_id: created.id });
      expect(photos.map((file) => file.original_filename)).toEqual([photo.name]);
      const resolved = await apiGetRecord(baseUrl, token, 'core', core1.id);
      expect([resolved.drillers_top_depth, resolved.comment]).toEqual([150, 'logged offline']);

      // The address that named the new sample by its temporary id names it by the server's id.
      await samples.waitForRouteId(newSamples[0].id);
      // The final combined id replaces the provisional one on the screen.
      const fifth = serverCores[4];
      cores = await openForm(page, 'core', holeFilter);
      await cores.row(fifth.id).click();
      await cores.waitForRouteId(fifth.id);
      await cores.waitForValue(cores.field('Combined ID'), '5099_1_A_005');
      expect(fifth.combined_id).toBe('5099_1_A_005');
      await shot('synced');

      // Synced: now the hole can be removed from the browser, and offline work ends.
      await offline.status.click();
      await removeHole.click();
      await visible(page.locator('.MuiSnackbar-root', { hasText: 'Removed Hole 5099_1_A' }));
      await hidden(offline.status);

      // The upload screen of that core after the sync: nothing waits any more.
      await page.goto(`/#/files-upload?filter=${encodeURIComponent(`${holeFilter},core:${String(created.id)}`)}`);
      await upload.waitUntilShown();
      await hidden(waiting);
      await shots('upload-synced');
    },
  );
});
