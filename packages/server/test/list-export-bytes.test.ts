// The streamed CSV export writes exactly the list's records (pseudo columns, depth fillers and
// multi-values included) as RFC 4180 text with formula guards: checked byte for byte against the
// list API's records written by the rules below, so that a faster export path can't change its output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type ReportsFixture, type Row, reportsFixture } from './reports-fixture';

/** The export's rules, stated independently: numbers as they are, text guarded and quoted. */
function field(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = '';
  if (Array.isArray(value)) text = value.map(String).join('; ');
  else if (typeof value === 'string') text = value;
  else if (value !== null && value !== undefined) text = JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function expectedCsv(header: string[], records: Row[]): string {
  const lines = [header.join(','), ...records.map((record) => header.map((name) => field(record[name])).join(','))];
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`;
}

describe.each(DIALECTS)('CSV export bytes (%s)', (dialect) => {
  let f: ReportsFixture;

  beforeAll(async () => {
    f = await reportsFixture(dialect);
    // Cells that need a guard, quotes, a line break and a multi-value.
    await f.create('sample', {
      section_split_id: f.wholeRound.id,
      top: 20,
      sample_length: 2.5,
      sample_material: '=SUM(A1)',
      comment: 'split "A", then\r\nB',
      curator: '-AM',
      purpose: ['XRF', 'age, dating'],
    });
  }, 120_000);
  afterAll(() => f.close());

  it.each(['sample', 'section', 'core'])('every column of %s: the list API records, byte for byte', async (form) => {
    const response = await f.app.inject({
      method: 'GET',
      url: `/report/ListAllCsv?form=${form}`,
      headers: f.adminCookie,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const header = response.body.slice(1, response.body.indexOf('\r\n')).split(',');
    expect(header.length).toBeGreaterThan(10);
    const records = await f.list(form, 'sort=id');
    expect(records.length).toBeGreaterThan(1);
    expect(response.body).toBe(expectedCsv(header, records));
  });
});
