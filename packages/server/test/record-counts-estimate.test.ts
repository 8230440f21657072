import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../src/engine/records/record-count';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp, listCounts } from './records-helpers';

// Issue 17: a broad filter over a large table is answered as an estimate ("of about"), without
// counting up to the cap (SQLite: from a sample of id ranges, PostgreSQL: the planner's rows);
// a narrow one, even one whose rows sit together by id, is still counted exactly.

const MODEL_URL = '/api/v1/global?name=TestFilter';
const ROWS = 6 * COUNT_CAP;

describe.each(DIALECTS)('estimated list counts (%s)', (dialect) => {
  let t: RecordsTestApp;
  const meta = (query: string) => listCounts(t, `${MODEL_URL}&${query}`);

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    // Every second row says 'wide' (a broad filter), rows 1-3,000 say 'near' (one block of ids).
    const text = sql`CASE WHEN i <= 3000 THEN 'near ' || i WHEN i % 2 = 0 THEN 'wide ' || i ELSE 'other ' || i END`;
    if (dialect === 'postgres') {
      await sql`INSERT INTO test_filter (c_string, c_integer) SELECT ${text}, i FROM generate_series(1, ${ROWS}) AS i`.execute(
        t.db,
      );
      await sql`ANALYZE test_filter`.execute(t.db);
    } else {
      await sql`INSERT INTO test_filter (c_string, c_integer) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS}) SELECT ${text}, i FROM n`.execute(
        t.db,
      );
    }
  }, 60_000);
  afterAll(async () => t.close());

  it('answers a broad filter as an estimate near its true count, without counting to the cap', async () => {
    t.queries.length = 0;
    const broad = await meta('per-page=20&filter[c_string]=wide');
    expect(broad).toMatchObject({ totalCountExact: false, totalCountIsLowerBound: false, currentPage: 1 });
    // 28,500 rows match; the estimate is within 15% of that.
    expect(broad.totalCount).toBeGreaterThan(28_500 * 0.85);
    expect(broad.totalCount).toBeLessThan(28_500 * 1.15);
    expect(broad.pageCount).toBe(Math.ceil(broad.totalCount / 20));
    // SQLite read the sample only; PostgreSQL counts up to the cap when its planner's rows are near it.
    if (dialect === 'sqlite') expect(t.queries.some((q) => q.includes(') AS bounded'))).toBe(false);
  });

  it('estimates a broad regex without three letters in a row (no trigram, no planner statistics)', async () => {
    const broad = await meta(`per-page=20&filter[c_string]=${encodeURIComponent('w[i]de')}`);
    expect(broad).toMatchObject({ totalCountExact: false, totalCountIsLowerBound: false });
    expect(broad.totalCount).toBeGreaterThan(28_500 * 0.85);
    expect(broad.totalCount).toBeLessThan(28_500 * 1.15);
  });

  it('counts a narrow filter exactly, also one whose rows are neighbours by id', async () => {
    expect(await meta('per-page=20&filter[c_integer]=<=500')).toEqual({
      totalCount: 500,
      pageCount: 25,
      currentPage: 1,
      perPage: 20,
    });
    expect(await meta('per-page=20&filter[c_string]=near')).toEqual({
      totalCount: 3000,
      pageCount: 150,
      currentPage: 1,
      perPage: 20,
    });
  });

  it('counts a deep page of a broad filter to its end: the last page is exact', async () => {
    const last = await meta('per-page=20&page=1425&filter[c_string]=wide');
    expect(last).toEqual({ totalCount: 28_500, pageCount: 1425, currentPage: 1425, perPage: 20 });
  });
});
