import type { ListMeta } from '@mdis/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { COUNT_CAP } from '../src/engine/records/record-count';
import { DIALECTS } from './helpers/dialects';
import { testConfig } from './helpers/test-app';
import { type RecordsTestApp, createRecord, createRecordsApp, listCounts } from './records-helpers';

// Issue 17 item 2: an unfiltered list reads its total from the table's row counter (kept by
// triggers in the write's transaction); a filtered one is counted up to a cap, past it marked as a
// lower bound (SQLite) or the planner's estimate (PostgreSQL). totalCount stays a number.

const MODEL_URL = '/api/v1/global?name=TestFilter';

describe.each(DIALECTS)('list counts (%s)', (dialect) => {
  let t: RecordsTestApp;
  const meta = (query: string) => listCounts(t, `${MODEL_URL}&${query}`);
  const rowCount = async () =>
    Number((await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM test_filter`.execute(t.db)).rows[0]?.n);

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
  }, 60_000);
  afterAll(async () => t.close());

  it('counts an unfiltered list from the counter, right after creates and deletes, also in parallel', async () => {
    expect(await meta('per-page=5')).toEqual({ totalCount: 0, pageCount: 0, currentPage: 1, perPage: 5 });
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createRecord(t, MODEL_URL, { c_string: `row ${String(i)}` })),
    );
    expect(await meta('per-page=5')).toEqual({ totalCount: 12, pageCount: 3, currentPage: 1, perPage: 5 });
    const url = `/api/v1/global/${String(created[0]?.id)}?name=TestFilter`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: t.admin })).statusCode).toBe(204);
    expect((await meta('per-page=5')).totalCount).toBe(11);
    expect(await rowCount()).toBe(11);
    // The count did come from the counter, not from counting the table.
    t.queries.length = 0;
    await meta('per-page=5');
    expect(t.queries.some((q) => /from record_counts/i.test(q))).toBe(true);
    expect(t.queries.some((q) => /count\(\*\)/i.test(q))).toBe(false);
  });

  it('counts a filtered list exactly up to the cap, then says "more than" or "about"', async () => {
    const before = await rowCount();
    const rows = COUNT_CAP + 50;
    // One statement: the statement-level (PostgreSQL) and row (SQLite) triggers count it too.
    if (dialect === 'postgres')
      await sql`INSERT INTO test_filter (c_string, c_integer) SELECT 'bulk ' || i, i FROM generate_series(1, ${rows}) AS i`.execute(
        t.db,
      );
    else
      await sql`INSERT INTO test_filter (c_string, c_integer) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) SELECT 'bulk ' || i, i FROM n`.execute(
        t.db,
      );
    if (dialect === 'postgres') await sql`ANALYZE test_filter`.execute(t.db);
    expect((await meta('per-page=20')).totalCount).toBe(before + rows);

    expect(await meta('per-page=20&filter[c_integer]=<=100')).toEqual({
      totalCount: 100,
      pageCount: 5,
      currentPage: 1,
      perPage: 20,
    });
    t.queries.length = 0;
    const broad = await meta('per-page=20&filter[c_string]=bulk');
    // SQLite: 'bulk' is in every row, so the text index is only probed; the list scans.
    if (dialect === 'sqlite') expect(t.queries.filter((q) => q.includes(' MATCH '))).toHaveLength(1);
    expect(broad.totalCountExact).toBe(false);
    if (dialect === 'sqlite') {
      expect(broad).toMatchObject({ totalCount: COUNT_CAP + 1, totalCountIsLowerBound: true, pageCount: 501 });
    } else {
      // The planner's estimate: about the rows that match (statistics of 10,050 'bulk …' rows).
      expect(broad.totalCountIsLowerBound).toBe(false);
      expect(broad.totalCount).toBeGreaterThan(COUNT_CAP);
      expect(broad.totalCount).toBeLessThan(2 * rows);
    }
    // A page past the cap is counted to its end: the table can always offer the next page.
    const deep = await meta('per-page=20&page=505&filter[c_string]=bulk');
    expect(deep).toEqual({ totalCount: rows, pageCount: 503, currentPage: 505, perPage: 20 });
    // Every row on one page: counted exactly.
    const all = await t.app.inject({
      method: 'GET',
      url: `${MODEL_URL}&per-page=-1&fields=id&filter[c_string]=bulk`,
      headers: t.admin,
    });
    expect(all.json<{ _meta: ListMeta }>()._meta).toEqual({
      totalCount: rows,
      pageCount: 1,
      currentPage: 1,
      perPage: rows,
    });
  });
});

// Several instances write one PostgreSQL database: every instance's writes land in the counter.
describe.runIf(DIALECTS.includes('postgres'))('row counters with two instances (postgres)', () => {
  let t: RecordsTestApp;
  beforeAll(async () => {
    t = await createRecordsApp('postgres');
  }, 60_000);
  afterAll(async () => t.close());

  it('stays equal to the rows under parallel creates and deletes from two instances', async () => {
    const second = await buildApp(testConfig({ database: t.databaseConfig, dataDir: t.dataDir, logLevel: 'silent' }));
    try {
      const write = (app: typeof second, i: number) =>
        app.inject({ method: 'POST', url: MODEL_URL, payload: { c_string: `w${String(i)}` }, headers: t.admin });
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => write(i % 2 ? second : t.app, i)));
      expect(results.every((r) => r.statusCode === 201)).toBe(true);
      const ids = results.map((r) => r.json<{ id: number }>().id);
      const deletes = await Promise.all(
        ids.slice(0, 15).map((id, i) =>
          (i % 2 ? second : t.app).inject({
            method: 'DELETE',
            url: `/api/v1/global/${String(id)}?name=TestFilter`,
            headers: t.admin,
          }),
        ),
      );
      expect(deletes.every((r) => r.statusCode === 204)).toBe(true);
      for (const app of [t.app, second]) {
        const response = await app.inject({ method: 'GET', url: `${MODEL_URL}&per-page=1`, headers: t.admin });
        expect(response.json<{ _meta: ListMeta }>()._meta.totalCount).toBe(25);
      }
      const { rows } = await sql<{ slots: number | string }>`
        SELECT COUNT(*) AS slots FROM record_counts WHERE table_name = 'test_filter'`.execute(t.db);
      expect(Number(rows[0]?.slots)).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
  });
});
