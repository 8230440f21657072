// Exports of a whole list are streamed in batches (report-records.ts EXPORT_BATCH_ROWS): across
// batch boundaries they hold exactly the rows of the list, in its order, under its filter and sort.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH_ROWS } from '../src/modules/reports/report-records';
import { DIALECTS } from './helpers/dialects';
import { type ReportsFixture, type Row, reportsFixture } from './reports-fixture';

/** Enough programs that the filtered export takes three batches and still leaves rows out. */
const PROGRAMS = EXPORT_BATCH_ROWS * 4;
// Programs whose code holds a 1 or a 3 (a regex filter), newest name first: ties on the name are
// broken by id, which the batches must keep across their boundaries.
const FILTER = { program: '1|3', name: '!==Program 5' };
const SORT = '-name';

function parseCsv(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe.each(DIALECTS)('streamed list exports (%s)', (dialect) => {
  let f: ReportsFixture;
  let listed: Row[];
  const query = () =>
    `form=program&columns=id,program,name&sort=${SORT}&filters=${encodeURIComponent(JSON.stringify(FILTER))}`;
  const report = (name: string) =>
    f.app.inject({ method: 'GET', url: `/report/${name}?${query()}`, headers: f.adminCookie });

  beforeAll(async () => {
    f = await reportsFixture(dialect);
    const rows = Array.from(
      { length: PROGRAMS },
      (_, i) => sql`(${`X${String(i).padStart(5, '0')}`}, ${`Program ${String(i % 7)}`})`,
    );
    for (let start = 0; start < rows.length; start += 500)
      await sql`INSERT INTO project_program (program, name) VALUES ${sql.join(rows.slice(start, start + 500))}`.execute(
        f.database.db,
      );
    const filter = Object.entries(FILTER)
      .map(([column, value]) => `filter[${column}]=${encodeURIComponent(value)}`)
      .join('&');
    listed = await f.list('program', `sort=${SORT}&${filter}`);
    // The filter keeps more than two batches and leaves rows out.
    expect(listed.length).toBeGreaterThan(EXPORT_BATCH_ROWS * 2);
    expect(listed.length).toBeLessThan(PROGRAMS);
  }, 120_000);
  afterAll(() => f.close());

  const expected = () => listed.map((row) => [String(row.id), String(row.program), String(row.name)]);

  it('CSV: the rows of the list, in its order, and their number in x-total-count', async () => {
    const response = await report('ListCsv');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(listed.length));
    expect(parseCsv(response.body)).toEqual([['id', 'program', 'name'], ...expected()]);
  });

  it('CSV sorted by id: batches that seek past the last one hold the rows of the list', async () => {
    const filter = `filters=${encodeURIComponent(JSON.stringify(FILTER))}`;
    const byId = await f.list(
      'program',
      `sort=-id&filter[program]=${encodeURIComponent(FILTER.program)}&filter[name]=${encodeURIComponent(FILTER.name)}`,
    );
    const response = await f.app.inject({
      method: 'GET',
      url: `/report/ListCsv?form=program&columns=id,program,name&sort=-id&${filter}`,
      headers: f.adminCookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(byId.length));
    const rows = byId.map((row) => [String(row.id), String(row.program), String(row.name)]);
    expect(parseCsv(response.body)).toEqual([['id', 'program', 'name'], ...rows]);
  });

  it('JSON: the same text as the whole list serialised at once', async () => {
    const response = await report('ListJson');
    expect(response.statusCode).toBe(200);
    const all = Object.keys(listed[0] ?? {}).filter((name) => ['id', 'program', 'name', 'remarks'].includes(name));
    const records = listed.map((row) => Object.fromEntries(all.map((name) => [name, row[name] ?? null])));
    expect(response.body).toBe(JSON.stringify(records, null, 2));
  });

  it('XLSX: the same rows, read back with exceljs', async () => {
    const response = await report('ListXlsx');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets.at(0)?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v as string | number)));
    });
    expect(rows).toEqual([['id', 'program', 'name'], ...expected()]);
    expect(workbook.worksheets.at(0)?.getRow(1).font.bold).toBe(true);
  });

  it('an empty list is a header alone, and an empty JSON array', async () => {
    const none = encodeURIComponent(JSON.stringify({ program: '==nothing' }));
    const csv = await f.app.inject({
      method: 'GET',
      url: `/report/ListCsv?form=program&columns=id,program&filters=${none}`,
      headers: f.adminCookie,
    });
    expect(csv.body).toBe('\uFEFFid,program\r\n');
    const json = await f.app.inject({
      method: 'GET',
      url: `/report/ListJson?form=program&filters=${none}`,
      headers: f.adminCookie,
    });
    expect(json.body).toBe('[]');
  });
});
