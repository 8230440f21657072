import type { ReportInfo, ReportLists } from '@mdis/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type Headers, type ReportsFixture, type Row, reportsFixture } from './reports-fixture';

const MISMATCH = 'report can not be used for model';

/** CSV lines → fields (quotes removed; no line breaks inside fields here). */
function parseCsv(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/(?:"((?:[^"]|"")*)"|([^,]*))(?:,|$)/g)]
        .map((m) => (m[1] as string | undefined)?.replace(/""/g, '"') ?? (m[2] as string | undefined) ?? '')
        .slice(0, -1),
    );
}

async function parseXlsx(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets.at(0);
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v === null || v === undefined ? '' : String(v as string | number))));
  });
  return rows;
}

const names = (reports: ReportInfo[]) => reports.map((r) => r.name);

describe.each(DIALECTS)('reports: registry, details, lists and exports (%s)', (dialect) => {
  let f: ReportsFixture;
  beforeAll(async () => {
    f = await reportsFixture(dialect);
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  const api = (url: string, headers: Headers | undefined = f.admin) =>
    f.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
  const report = (url: string, headers: Headers | undefined = f.adminCookie) =>
    f.app.inject({ method: 'GET', url: `/report/${url}`, headers });
  const filters = (value: object) => encodeURIComponent(JSON.stringify(value));

  describe('registry', () => {
    it('lists the reports of a form: single and multiple, sorted by title then type', async () => {
      const response = await api('form/reports?name=core');
      expect(response.statusCode, response.body).toBe(200);
      const { single, multiple } = response.json<ReportLists>();
      expect(names(single)).toEqual([
        'CoreQrCodes',
        'CoreSections',
        'CoreSectionsPdf',
        'Details',
        'GeoSampleProfile',
        'LithologySection',
        'SplitSection',
        'VisualCoreDescription',
      ]);
      expect(names(multiple)).toEqual([
        'CoreSections',
        'CoreSectionsPdf',
        'ListAllCsv',
        'ListJson',
        'ListAllXlsx',
        'ListCsv',
        'ListXlsx',
        'GeoSampleProfile',
        'List',
        'LithologySection',
        'SplitSection',
        'VisualCoreDescription',
      ]);
      for (const list of [single, multiple]) {
        const titles = list.map((r) => r.title);
        expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
      }
      expect(single.find((r) => r.name === 'Details')).toEqual({
        name: 'Details',
        title: 'Details of record',
        model: '.*',
        type: 'report',
        singleRecord: true,
        directPrint: false,
        canAutoPrint: false,
        confirmationMessage: null,
        opensPage: false,
      });
      expect(single.find((r) => r.name === 'CoreQrCodes')).toMatchObject({ directPrint: true, canAutoPrint: true });
      expect(single.find((r) => r.name === 'SplitSection')?.confirmationMessage).toContain('A (archive)');
      expect(multiple.find((r) => r.name === 'ListCsv')).toMatchObject({ type: 'export', singleRecord: false });
    });

    it('offers labels per model and never the value-list export in a form', async () => {
      const sample = (await api('form/reports?name=sample')).json<ReportLists>();
      expect(names(sample.single)).toEqual(['Details', 'SampleQrCodes', 'UndoSampleSeries']);
      expect(names(sample.multiple)).toContain('SampleQrCodes');
      expect(names(sample.multiple)).not.toContain('VisualCoreDescription');
      const global = (await api('global/reports?name=CurationSectionSplit')).json<ReportLists>();
      expect(names(global.single)).toEqual([
        'CreateSampleSeries',
        'Details',
        'LithologySection',
        'SectionQrCodes',
        'SplitSection',
      ]);
      const all = (await api('app/reports')).json<ReportLists>();
      expect(names(all.multiple)).toEqual(expect.arrayContaining(['List', 'SampleQrCodes', 'VisualCoreDescription']));
      expect(names([...all.single, ...all.multiple])).not.toContain('ExportValueList');
    });

    it('answers 404 for an unknown form, 401 without a login', async () => {
      expect((await api('form/reports?name=nope')).statusCode).toBe(404);
      expect((await api('form/reports?name=core', {})).statusCode).toBe(401);
      expect((await api('app/reports', {})).statusCode).toBe(401);
    });
  });

  describe('running a report', () => {
    it("prints a core's details with its ancestors and the program/expedition header, by session cookie", async () => {
      const id = String(f.core1.core.id);
      const response = await report(`Details?model=CoreCore&form=core&id=${id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(html).toContain('<h1>Details of Core record</h1>');
      expect(html).toContain('Program: International Continental Drilling Program');
      expect(html).toContain('Expedition: 5065 GRIND');
      expect(html).toContain(String(f.core1.core.combined_id));
      expect(html).toContain('<h2>Hole</h2>');
      expect(html).toContain('<h2>Expedition</h2>');
      expect(html).toMatch(/Drilled Length[^<]*<\/th><td>3<\/td>/);
      expect(html).toContain('<header class="report-header"><img class="logo" src="../mdis-icon.svg" alt="logo">');
    });

    it("shows the repository's own logo (app config AppIcon) in the header", async () => {
      const logo = 'https://repository.example.org/logo.png';
      const set = (value: string | null) =>
        f.app.inject({ method: 'POST', url: '/api/v1/app/config', headers: f.admin, payload: { AppIcon: value } });
      expect((await set(logo)).statusCode).toBe(200);
      const page = await report('List?form=core&specific-ids=1');
      expect(page.body).toContain(`<img class="logo" src="${logo}" alt="logo">`);
      await set(null);
    });

    it("answers 'report can not be used for model' for a report on another model", async () => {
      const cases = [
        `VisualCoreDescription?model=CurationSample&id=${String(f.sample.id)}`,
        `SampleQrCodes?form=core&id=${String(f.core1.core.id)}`,
        `Details?model=CurationSample&form=core&id=${String(f.core1.core.id)}`,
      ];
      for (const url of cases) {
        const response = await report(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json<{ message: string }>().message).toBe(MISMATCH);
      }
    });

    it('answers 4xx with a message for bad input', async () => {
      const bad = async (url: string, status: number, message: string | RegExp) => {
        const response = await report(url);
        expect(response.statusCode, url).toBe(status);
        expect(response.json<{ message: string }>().message).toMatch(message);
      };
      await bad('Nope?model=CoreCore', 404, 'Report "Nope" not found.');
      await bad('Details?model=CoreCore', 400, "Missing query parameter 'id'.");
      await bad('List?model=CoreCore&id=1', 400, /runs on a list/);
      await bad('List', 400, "Missing query parameter 'model' or 'form'.");
      await bad('List?model=NoSuchModel', 404, 'model not found');
      await bad('List?model=CoreCore&specific-ids=1,x', 400, /specific-ids/);
      await bad('List?model=CoreCore&filters=%7Bnot-json', 400, /filters/);
      await bad(`List?model=CoreCore&filters=${filters({ nope: '1' })}`, 400, /unknown column "nope"/);
      await bad('ListCsv?model=CoreCore&columns=id,nope', 400, /unknown column 'nope'/);
      await bad(`Details?model=CoreCore&id=999999`, 404, 'Record not found.');
    });

    it('prints the List of the filtered, sorted records with the visible columns', async () => {
      const query = `form=core&columns=combined_id,drillers_top_depth&sort=-drillers_top_depth&filters=${filters({ hole_id: `==${String(f.grind.hole.id)}` })}`;
      const response = await report(`List?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const html = response.body;
      expect(html).toContain('<h1>List of CoreCore records</h1>');
      expect(html).toContain('<p>2 records</p>');
      expect(html.indexOf(String(f.core2.core.combined_id))).toBeLessThan(
        html.indexOf(String(f.core1.core.combined_id)),
      );
      expect(html).not.toContain(String(f.otherCore.core.combined_id));
      expect(html).not.toContain('<th>Core on Deck');
    });
  });

  describe('exports', () => {
    const coresFilter = () => ({ hole_id: `==${String(f.grind.hole.id)}`, drillers_top_depth: '>=100' });

    it('exports the filtered list as CSV with the visible columns, matching the form list', async () => {
      const query = `model=CoreCore&form=core&columns=id,combined_id,core_type,drilled_length&sort=-id&filters=${filters(coresFilter())}`;
      const response = await report(`ListCsv?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="CoreCore-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const listed = await f.list(
        'core',
        `sort=-id&filter[hole_id]===${String(f.grind.hole.id)}&filter[drillers_top_depth]=>=100`,
      );
      const expected = listed.map((row) => [String(row.id), String(row.combined_id), String(row.core_type), '3']);
      expect(parseCsv(response.body)).toEqual([['id', 'combined_id', 'core_type', 'drilled_length'], ...expected]);
    });

    it('exports every column with ListAllCsv, and only the ticked rows with specific-ids', async () => {
      const id = String(f.core2.core.id);
      const response = await report(`ListAllCsv?form=core&specific-ids=${id}`);
      expect(response.statusCode, response.body).toBe(200);
      const [header, ...rows] = parseCsv(response.body);
      expect(header.slice(0, 4)).toEqual(['id', 'hole_id', 'combined_id', 'core']);
      expect(header).toEqual(expect.arrayContaining(['core_ondeck', 'core_top_depth', 'core_recovery_pc']));
      expect(rows).toHaveLength(1);
      expect(rows[0][0]).toBe(id);
      expect(rows[0][header.indexOf('core_recovery_pc')]).toBe(String((2.5 / 3) * 100).slice(0, 5));
    });

    it('exports the same list as XLSX (read back with exceljs) and as JSON', async () => {
      const query = `form=core&columns=id,combined_id,drillers_top_depth&sort=id&filters=${filters(coresFilter())}`;
      const xlsx = await report(`ListXlsx?${query}`);
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const rows = await parseXlsx(xlsx.rawPayload);
      const listed = await f.list('core', `sort=id&filter[hole_id]===${String(f.grind.hole.id)}`);
      expect(rows).toEqual([
        ['id', 'combined_id', 'drillers_top_depth'],
        ...listed.map((row) => [String(row.id), String(row.combined_id), String(row.drillers_top_depth)]),
      ]);
      const json = await report(`ListJson?${query}`);
      expect(json.statusCode).toBe(200);
      const items = json.json<Row[]>();
      expect(items.map((item) => item.id)).toEqual(listed.map((row) => row.id));
      expect(items[0]).toHaveProperty('core_ondeck');
    });

    it('exports a value list for administrators only', async () => {
      const response = await report('ExportValueList?listname=CORE_TYPE');
      expect(response.statusCode, response.body).toBe(200);
      const [header, ...rows] = parseCsv(response.body);
      expect(header).toEqual(['listname', 'display', 'remark', 'uri', 'sort']);
      expect(rows.some((row) => row[1] === 'R' && /Rotary/.test(row[2] ?? ''))).toBe(true);
      const viewer = f.cookie(await f.user(['viewer']));
      expect((await report('ExportValueList?listname=CORE_TYPE', viewer)).statusCode).toBe(403);
      expect((await report('ExportValueList?listname=NO_SUCH_LIST')).statusCode).toBe(404);
      expect((await report('ExportValueList')).statusCode).toBe(400);
    });
  });

  describe('permissions', () => {
    it('needs a login; the cookie counts on GET only', async () => {
      expect((await report('List?model=CoreCore', {})).statusCode).toBe(401);
      const post = await f.app.inject({
        method: 'POST',
        url: '/report/SplitSection?model=CoreCore',
        headers: f.adminCookie,
        payload: { confirmed: true },
      });
      expect(post.statusCode).toBe(401);
    });

    it('refuses a user without the form permission, and honours form permissions', async () => {
      const nobody = f.cookie(await f.user([]));
      expect((await report(`List?form=core`, nobody)).statusCode).toBe(403);
      expect((await report(`Details?form=core&id=${String(f.core1.core.id)}`, nobody)).statusCode).toBe(403);
      const coreOnly = f.cookie(await f.user([], ['form-core:view']));
      expect((await report(`List?form=core`, coreOnly)).statusCode).toBe(200);
      expect((await report(`List?form=sample`, coreOnly)).statusCode).toBe(403);
    });

    it('restricts limited access to its expedition in lists, exports and single records', async () => {
      const limited = f.cookie(await f.user([], ['records:5066:view']));
      const csv = await report('ListAllCsv?model=CoreCore', limited);
      expect(csv.statusCode, csv.body).toBe(200);
      const [, ...rows] = parseCsv(csv.body);
      expect(rows.map((row) => row[0])).toEqual([String(f.otherCore.core.id)]);
      const ticked = `${String(f.core1.core.id)},${String(f.otherCore.core.id)}`;
      const list = await report(`List?model=CoreCore&specific-ids=${ticked}`, limited);
      expect(list.body).toContain('<p>1 records</p>');
      expect((await report(`Details?model=CoreCore&id=${String(f.core1.core.id)}`, limited)).statusCode).toBe(403);
      const own = await report(`Details?model=CoreCore&id=${String(f.otherCore.core.id)}`, limited);
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain('Expedition: 5066 OTHER');
    });
  });
});
