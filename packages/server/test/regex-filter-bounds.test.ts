import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp } from './records-helpers';

// Issue 16 finding 3: one regex filter froze the server (a backtracking engine took 12 s on
// `.*` × 5 and never finished on `.*` × 8, every other request waiting behind it).

const LONG_TEXT = 'drilling core sediment '.repeat(60);

function filterUrl(pattern: string): string {
  return `/api/v1/global?name=TestFilter&fields=id&filter[c_string]=${encodeURIComponent(pattern)}`;
}

describe.each(DIALECTS)('regex filters are bounded (%s)', (dialect) => {
  let t: RecordsTestApp;

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    // Longer than the API lets a string column hold, as a text column (expedition objectives) may.
    await sql`INSERT INTO test_filter (c_string) VALUES (${LONG_TEXT}), (${`${LONG_TEXT}!`})`.execute(t.db);
  }, 60_000);
  afterAll(async () => t.close());

  it.each([5, 8, 50])('answers .* × %i then ! and the request beside it', async (count) => {
    const [filtered, config] = await Promise.all([
      t.app.inject({ method: 'GET', url: filterUrl(`${'.*'.repeat(count)}!`), headers: t.admin }),
      t.app.inject({ method: 'GET', url: '/api/v1/app/config' }),
    ]);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json<{ items: unknown[] }>().items).toHaveLength(1);
    expect(config.statusCode).toBe(200);
  });

  it('runs a 500-character pattern', async () => {
    const pattern = `${'.*'.repeat(249)}!!`;
    const response = await t.app.inject({ method: 'GET', url: filterUrl(pattern), headers: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ items: unknown[] }>().items).toHaveLength(0);
  });

  it('refuses a 501-character pattern with a 400 naming the column', async () => {
    const response = await t.app.inject({ method: 'GET', url: filterUrl('x'.repeat(501)), headers: t.admin });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('c_string');
  });
});

// A filter whose scan outlasts the statement budget is stopped: a 400 that says so, and the
// server answers the next request at once instead of after the whole scan.
describe('a regex scan past its budget is stopped (sqlite)', () => {
  let t: RecordsTestApp;

  beforeAll(async () => {
    t = await createRecordsApp('sqlite');
    // 20,000 rows of 2,000 characters: RE2 needs well over a second for all 40 MB.
    await sql`INSERT INTO test_filter (c_string) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) SELECT substr(hex(zeroblob(1000)), 1, 2000) || i FROM n`.execute(
      t.db,
    );
  }, 60_000);
  afterAll(async () => t.close());

  it('answers 400 "The filter took too long" and the request beside it', async () => {
    const [filtered, config] = await Promise.all([
      t.app.inject({ method: 'GET', url: filterUrl('0.*1.*2.*!'), headers: t.admin }),
      t.app.inject({ method: 'GET', url: '/api/v1/app/config' }),
    ]);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json<{ message: string }>().message).toMatch(/^The filter took too long/);
    expect(config.statusCode).toBe(200);
  });

  it('still answers a filter that the budget allows', async () => {
    const response = await t.app.inject({ method: 'GET', url: filterUrl('^X'), headers: t.admin });
    expect(response.statusCode).toBe(200);
  });
});
