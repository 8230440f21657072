import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FilesUploadPage, type UploadFile } from '../pages/FilesUploadPage';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type DrillingHole, apiCreateUser, apiListRecords, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { noisePng } from '../support/images';
import { browserSuite } from '../support/suite';
import { hasText, hidden, visible, waitForRoute } from '../support/wait';

// A curator's day with core photos: open the upload window from a core, upload three photos (their
// progress visible on a throttled connection), assign one to the core, find it from the core,
// preview it and unassign it again. The hole and its cores are seeded through the API.
const NAMES = { program: 'FLP', expedition: '5092', acronym: 'FILES' } as const;
const OPERATOR = {
  username: 'fl.operator',
  email: 'fl.operator@example.org',
  name: 'Otto Operator',
  password: 'otto-Secret-42',
};
const PHOTOS: UploadFile[] = ['core-1-box-1.png', 'core-1-box-2.png', 'core-2-box-1.png'].map((name) => ({
  name,
  mimeType: 'image/png',
  buffer: noisePng(320, 320), // ~300 KB each
}));

/** Slows uploads to ~256 KB/s, so a 300 KB file shows its progress for about a second. */
async function throttleUploads(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  return cdp;
}

browserSuite('archive files: upload, assign, show files, preview, unassign', 'files', (session) => {
  const baseUrl = inject('baseUrl');
  let seeded: DrillingHole;
  let page: Page;
  let coreForm: FormPage;
  let adminToken = '';
  const firstCore = () => {
    const core = seeded.cores.at(0);
    if (!core) throw new Error('seeding made no core');
    return core;
  };
  const coreFilter = () =>
    `expedition:${String(seeded.expedition.id)},site:${String(seeded.site.id)},hole:${String(seeded.hole.id)}`;

  beforeAll(async () => {
    adminToken = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, adminToken, NAMES, 2);
    await apiCreateUser(baseUrl, adminToken, { ...OPERATOR, roles: ['operator'] });
    page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(OPERATOR.username, OPERATOR.password);
    await new ShellPage(page).waitUntilShown();
    coreForm = new FormPage(page, 'core');
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  let upload: FilesUploadPage;

  test("'upload files' on a core opens the upload window with that core chosen", async () => {
    await visible(page.getByRole('navigation', { name: 'main navigation' }).getByRole('link', { name: 'File Upload' }));
    await coreForm.goto(`/forms/core-form/${String(firstCore().id)}?filter=${encodeURIComponent(coreFilter())}`);
    await visible(coreForm.button('show files (0)'));
    const [popup] = await Promise.all([page.context().waitForEvent('page'), coreForm.button('upload files').click()]);
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => window.name)).toBe('files-upload-window');
    const route = new URLSearchParams(decodeURIComponent(new URL(popup.url()).hash).split('?')[1]);
    expect(route.get('filter')).toBe(`${coreFilter()},core:${String(firstCore().id)}`);
    upload = new FilesUploadPage(popup);
    await upload.waitUntilShown();
    await hasText(upload.select('Core'), '1');
  });

  test('uploads three photos one by one, each with its progress bar; uploaded ones leave the queue', async () => {
    const popup = upload.page;
    const cdp = await throttleUploads(popup);
    await upload.pick(PHOTOS);
    await upload.pick(PHOTOS.slice(0, 1)); // the same name again is ignored
    expect(await upload.queue.getByRole('listitem').count()).toBe(3);
    await upload.page.getByRole('button', { name: 'Upload 3 files' }).click();

    // the first file is on its way, the others wait their turn
    const first = upload.progress('core-1-box-1.png');
    await popup.waitForFunction((el) => Number(el.getAttribute('aria-valuenow')) > 0, await first.elementHandle(), {
      timeout: 15_000,
    });
    await hasText(upload.queued('core-1-box-2.png'), 'waiting');
    await session().shot(popup, 'upload-progress');

    await hidden(upload.queued('core-2-box-1.png'), 30_000);
    await cdp.detach();
    await hasText(popup.locator('body'), 'No files in the queue.');
    await popup.waitForFunction(() => document.querySelectorAll('[aria-label="Uploaded files"] tbody tr').length === 3);
    expect((await upload.uploadedNames()).sort()).toEqual(PHOTOS.map((p) => p.name).sort());
    await session().shot(popup, 'uploaded');
  });

  test('assigns one photo to the core as type PH; the core window counts it without a reload', async () => {
    const popup = upload.page;
    // the new uploads come ticked: keep only the first core's first box
    await upload.page.getByRole('checkbox', { name: 'select all uploaded files' }).uncheck();
    await upload.tick('core-1-box-1.png').check();
    await upload.choose('File Type', 'PH - photos');
    await popup.getByRole('button', { name: 'Assign 1 file' }).click();
    await upload.expectMessage('1 file assigned successfully');
    await popup.waitForFunction(() => document.querySelectorAll('[aria-label="Uploaded files"] tbody tr').length === 2);
    await session().shot(popup, 'assigned');

    const files = await apiListRecords(baseUrl, adminToken, 'files', { core_id: firstCore().id });
    expect(files.map((f) => [f.original_filename, f.type, f.parent_combined_id])).toEqual([
      ['core-1-box-1.png', 'PH', firstCore().combined_id],
    ]);
    expect(String(files[0]?.filename)).toMatch(/^PH_.*\.F\d+\.png$/);
    // issue 18 item 14: the write in the upload window refreshes the core window, which stays as it was
    await visible(coreForm.button('show files (1)'));
    await session().shot(page, 'core-counts-assigned-file');
  });

  let filesWindow: Page;

  test("'show files (1)' opens the files window beside the core form and lists the photo; its preview loads", async () => {
    const coreRoute = await waitForRoute(page, (r) => r.startsWith('/forms/core-form/'), 'the core form');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), coreForm.button('show files (1)').click()]);
    filesWindow = popup;
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => window.name)).toBe('files-window');
    const filter = `${coreFilter()},core:${String(firstCore().id)}`;
    await waitForRoute(popup, (r) => r.startsWith('/forms/files-form?filter=' + encodeURIComponent(filter)), filter);
    // issue 18 item 18: the core window still shows the core
    expect(new URL(page.url()).hash.replace(/^#/, '')).toBe(coreRoute);

    const filesForm = new FormPage(popup, 'files');
    await visible(filesForm.rows);
    expect(await filesForm.rows.count()).toBe(1);
    await filesForm.rows.first().click();
    await filesForm.waitForValue(filesForm.field('Original File Name'), 'core-1-box-1.png');
    const preview = popup.getByRole('img', { name: 'preview of core-1-box-1.png' });
    await visible(preview);
    await popup.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await preview.elementHandle(),
      { timeout: 15_000 },
    );
    await preview.scrollIntoViewIfNeeded();
    const download = popup.getByRole('link', { name: 'Download original' });
    expect(await download.getAttribute('href')).toMatch(/^files\/original\/\d+\?download=1$/);
    await session().shot(popup, 'files-form-preview');

    // a second click reuses the files window instead of opening another
    const windows = page.context().pages().length;
    await page.bringToFront();
    await coreForm.button('show files (1)').click();
    await waitForRoute(popup, (r) => r === '/forms/files-form?filter=' + encodeURIComponent(filter), 'the files list');
    expect(page.context().pages().length).toBe(windows);
    // the reused window follows its new address: the list of the core's files, no file chosen
    await hasText(popup.locator('body'), 'Select a record in the table');
  });

  test("unassigns it after the 'Unassign File' confirmation; the other windows update without a reload", async () => {
    const popup = filesWindow;
    await popup.bringToFront();
    const filesForm = new FormPage(popup, 'files');
    await filesForm.rows.first().click();
    await filesForm.waitForValue(filesForm.field('Original File Name'), 'core-1-box-1.png');
    await session().shot(popup, 'files-window-before-unassign');
    await popup.getByRole('button', { name: 'Unassign', exact: true }).click();
    const dialog = popup.getByRole('dialog', { name: 'Unassign File' });
    await visible(dialog);
    await hasText(
      dialog,
      'This will remove the linkage of this file to this record, and move the file back to the "File Upload" area.',
    );
    await session().shot(popup, 'unassign-confirm');
    await dialog.getByRole('button', { name: 'Unassign' }).click();
    await hasText(popup.locator('.MuiSnackbar-root'), 'un-assigned successfully');
    await hidden(dialog);

    expect(await apiListRecords(baseUrl, adminToken, 'files', { core_id: firstCore().id })).toEqual([]);
    // issue 18 item 14: the core window counts no file, the upload window lists the file again
    await visible(coreForm.button('show files (0)'));
    await upload.page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Uploaded files"] tbody tr').length === 3,
    );
    expect(await upload.uploadedNames()).toContain('core-1-box-1.png');
    await session().shot(upload.page, 'upload-window-lists-unassigned');
  });
});
