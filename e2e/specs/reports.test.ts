import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import type { Download, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import {
  type ApiRecord,
  type DrillingHole,
  apiCreateRecord,
  apiListRecords,
  apiLogin,
  apiSeedHole,
} from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { visible } from '../support/wait';

// A curator prints and exports what they handle: a core's details from the report menu, the hole's
// cores as CSV and XLSX from the Export menu, the visual core description, and a sheet of sample
// labels whose QR codes scan back to the IGSNs. Data is seeded through the API.
const NAMES = { program: 'RPT', expedition: '5093', acronym: 'REPORTS' } as const;

/** Fields of CSV lines (quotes removed; the test data has no line breaks inside fields). */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/(?:"((?:[^"]|"")*)"|([^,]*))(?:,|$)/g)]
        .map((m) => (m[1] as string | undefined)?.replace(/""/g, '"') ?? (m[2] as string | undefined) ?? '')
        .slice(0, -1),
    );
}

async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets.at(0)?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v as string | number))));
  });
  return rows;
}

browserSuite('reports: printing and exporting from the generic form', 'reports', (session) => {
  const baseUrl = inject('baseUrl');
  let token = '';
  let seeded: DrillingHole;
  let samples: ApiRecord[];
  let page: Page;
  let form: FormPage;
  const firstCore = () => seeded.cores[0];

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, token, NAMES, 3);
    const create = (name: string, record: Record<string, unknown>) => apiCreateRecord(baseUrl, token, name, record);
    for (const core of seeded.cores) {
      for (const section of [1, 2])
        await create('section', { core_id: core.id, section, section_length: 1.4, curated_length: 1.4 });
    }
    const sections = await apiListRecords(baseUrl, token, 'section', { core_id: firstCore().id });
    const [wholeRound] = await apiListRecords(baseUrl, token, 'split', { section_id: sections[0].id });
    await create('lithology', {
      section_split_id: wholeRound.id,
      litho_unit: 'U1',
      rock_class: 'Sandstone',
      top_depth: 0,
      unit_length: 80,
      bottom_depth: 80,
    });
    await create('lithology', {
      section_split_id: wholeRound.id,
      litho_unit: 'U2',
      rock_class: 'Mudstone',
      top_depth: 80,
      unit_length: 60,
      bottom_depth: 140,
    });
    for (const top of [10, 40, 70]) await create('sample', { section_split_id: wholeRound.id, top, sample_length: 5 });
    samples = await apiListRecords(baseUrl, token, 'sample', { hole_id: seeded.hole.id });

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

  /** Clicks a menu entry that opens a new tab and returns that tab. */
  async function openFromMenu(menu: string, entry: string): Promise<Page> {
    await form.button(menu).click();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('menuitem', { name: entry, exact: true }).click(),
    ]);
    return popup;
  }

  test("prints a core's details from the report menu, in a new tab signed in by the session cookie", async () => {
    await form.goto();
    await form.chooseFilter('Expedition', NAMES.acronym);
    await form.chooseFilter('Site', '1');
    await form.chooseFilter('Hole', 'A');
    await form.row(firstCore().id).click();
    await session().shot(page, 'core-selected');
    const details = await openFromMenu('Reports', 'Details of record');
    await details.waitForLoadState();
    expect(new URL(details.url()).pathname).toBe('/report/Details');
    await visible(details.getByRole('heading', { name: 'Details of Core record' }));
    expect(await details.locator('header .context').textContent()).toContain('Expedition: 5093 REPORTS');
    expect(await details.locator('table.details').first().textContent()).toContain(String(firstCore().combined_id));
    await session().shot(details, 'core-details');
    await details.close();
  });

  test('exports the filtered table as CSV and XLSX, and reads both back', async () => {
    // the table shows the hole chosen in the filter bar; other tests' cores are not in it
    const listed = await apiListRecords(baseUrl, token, 'core', { hole_id: seeded.hole.id });
    const headers: string[][] = [];
    for (const [entry, read] of [
      ['Export records as CSV file', async (b: Buffer) => parseCsv(b.toString('utf8'))],
      ['Export records as XLSX file', xlsxRows],
    ] as const) {
      // The new tab turns into a download and closes; Chromium reports it on the tab or on its
      // opener, so both are listened to before the click.
      const downloaded = new Promise<Download>((resolve) => {
        page.once('download', resolve);
        page.context().once('page', (tab) => tab.once('download', resolve));
      });
      await form.button('Export').click();
      await page.getByRole('menuitem', { name: entry, exact: true }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/^CoreCore-\d{4}-\d{2}-\d{2}\.(csv|xlsx)$/);
      const path = await download.path();
      const rows = await read(await readFile(path));
      const header = rows[0] ?? [];
      headers.push(header);
      expect(header).toEqual(expect.arrayContaining(['combined_id', 'drilled_length']));
      const column = (name: string) => rows.slice(1).map((row) => row[header.indexOf(name)]);
      expect(column('combined_id')).toEqual(listed.map((c) => String(c.combined_id)));
      expect(column('drilled_length')).toEqual(listed.map(() => '3'));
    }
    // both files hold the same visible columns
    expect(headers[1]).toEqual(headers[0]);
  });

  test("splits the current core's sections only after 'Please confirm!'", async () => {
    const splitsOfCore = async () => {
      const sections = await apiListRecords(baseUrl, token, 'section', { core_id: firstCore().id });
      const splits = await Promise.all(
        sections.map((sec) => apiListRecords(baseUrl, token, 'split', { section_id: sec.id })),
      );
      return splits.flat().map((split) => String(split.type));
    };
    expect(await splitsOfCore()).toEqual(['WR', 'WR']);
    await form.button('Reports').click();
    await page.getByRole('menuitem', { name: 'Split sections', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm!' });
    await visible(dialog);
    expect(await dialog.textContent()).toContain('A (archive) and W (working) splits');
    await session().shot(page, 'split-sections-confirm');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await visible(page.getByText('4 splits created in 2 sections.'));
    expect((await splitsOfCore()).sort()).toEqual(['A', 'A', 'W', 'W', 'WR', 'WR']);
  });

  test('draws the visual core description of the hole', async () => {
    const ids = seeded.cores.map((c) => c.id).join(',');
    const vcd = await page.context().newPage();
    await vcd.goto(`/report/VisualCoreDescription?model=CoreCore&form=core&specific-ids=${ids}`);
    await visible(vcd.getByRole('heading', { name: 'Visual Core Description', level: 1 }));
    expect(await vcd.locator('svg.core-log').count()).toBe(3);
    expect(await vcd.locator('g.section').count()).toBe(6);
    expect(await vcd.locator('g.lithology').count()).toBe(2);
    await session().shot(vcd, 'visual-core-description');
    await vcd.close();
  });

  test('prints a sheet of sample labels whose QR codes decode to the IGSNs', async () => {
    const labels = await page.context().newPage();
    await labels.goto(`/report/SampleQrCodes?model=CurationSample&specific-ids=${samples.map((s) => s.id).join(',')}`);
    await visible(labels.getByRole('heading', { name: 'Sample Label' }));
    expect(await labels.locator('.label').count()).toBe(3);
    await session().shot(labels, 'sample-labels');
    const first = samples[0];
    const qr = labels.locator(`.label[data-igsn="${String(first.igsn)}"] .qr`);
    const png = await qr.screenshot({ scale: 'device', animations: 'disabled' });
    // a quiet zone around the code, as a scanner expects one
    const framed = await sharp(png)
      .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(framed.data), framed.info.width, framed.info.height);
    expect(decoded?.data).toBe(first.igsn);
    await labels.close();
  });
});
