import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { translateDbError } from '../src/infra/db/translate-db-error';
import { type RecordsTestApp, createRecordsApp, saveAndSync } from './records-helpers';
import { FILTER_MODEL } from './records-models';

// Issue 16 finding 3: one regex filter froze the server (a backtracking engine took 12 s on
// `.*` × 5 and never finished on `.*` × 8, every other request waiting behind it).

// 230 characters: a backtracking engine needs minutes for `.*` × 5 on a third of that.
const LONG_TEXT = 'drilling core sediment '.repeat(10);

function filterUrl(pattern: string): string {
  return `/api/v1/global?name=TestFilter&fields=id&filter[c_string]=${encodeURIComponent(pattern)}`;
}

describe.each(DIALECTS)('regex filters are bounded (%s)', (dialect) => {
  let t: RecordsTestApp;

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
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
    // A scan is what this measures: without the text index the 200 MB insert stays quick.
    const columns = { ...FILTER_MODEL.columns, c_string: { ...FILTER_MODEL.columns.c_string, textIndex: false } };
    await saveAndSync(t.db, 'sqlite', { ...FILTER_MODEL, columns });
    // 100,000 rows of 2,000 characters: RE2 needs several seconds for all 200 MB, 10× the budget.
    await sql`INSERT INTO test_filter (c_string) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000) SELECT substr(hex(zeroblob(1000)), 1, 2000) || i FROM n`.execute(
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

  // As the message advises: the same kind of pattern on fewer rows (an id range the primary key
  // narrows first) is answered on the connection that just stopped a scan. Not the whole 200 MB:
  // reading it takes about the budget's CPU on its own, so on a loaded machine it may be stopped.
  it('still answers a filter that the budget allows', async () => {
    const url = `${filterUrl('0.*1.*2.*!|^0')}&filter[id]=${encodeURIComponent('<=1000')}`;
    const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ _meta: { totalCount: number } }>()._meta.totalCount).toBe(1000);
  });
});

// PostgreSQL runs the regex itself, off the event loop: a statement_timeout bounds a filtered list
// statement (so a scan also stops when its client has gone), and a timeout is the same 400.
describe.runIf(DIALECTS.includes('postgres'))('a regex list statement is bounded (postgres)', () => {
  let t: RecordsTestApp;

  beforeAll(async () => {
    t = await createRecordsApp('postgres');
  }, 60_000);
  afterAll(async () => t.close());

  it('runs a regex-filtered list under a statement_timeout, an unfiltered one without', async () => {
    t.queries.length = 0;
    const filtered = await t.app.inject({ method: 'GET', url: filterUrl('a.*b'), headers: t.admin });
    expect(filtered.statusCode).toBe(200);
    // Every statement that runs the regex (the count's estimate, the count, the page) gets its own.
    const regexStatements = t.queries.filter((q) => q.includes('~*'));
    expect(regexStatements.length).toBeGreaterThanOrEqual(2);
    t.queries.forEach((q, i) => {
      if (q.includes('~*')) expect(t.queries[i - 1]).toMatch(/^SET LOCAL statement_timeout/);
    });
    t.queries.length = 0;
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/global?name=TestFilter', headers: t.admin });
    expect(plain.statusCode).toBe(200);
    expect(t.queries.some((q) => q.includes('statement_timeout'))).toBe(false);
  });

  it('answers a statement stopped by its timeout with the 400 "The filter took too long"', async () => {
    const stopped = await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL statement_timeout = 10`.execute(trx);
        await sql`SELECT pg_sleep(1)`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => translateDbError('postgres', error),
      );
    expect(stopped?.status).toBe(400);
    expect(stopped?.message).toMatch(/^The filter took too long/);
  });
});
