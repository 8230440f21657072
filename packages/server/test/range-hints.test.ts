import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { type IndexStats, firstRecordValue, rangeShare } from '../src/infra/db/sqlite-stats';
import { type DepthTestApp, createDepthApp, explainStatement, seedDepthExample } from './depth-model-fixture';

type Rec = Record<string, unknown>;
const SAMPLES = 1300;

// Samples have an index on top so that `sort=-top` reads it backwards (bench S8). SQLite's planner
// would also read every `top > x` through it, in random order, however many rows the range holds
// (bench S3: 6x slower than scanning). With statistics the list scans broad ranges in id order and
// keeps the index for narrow ones; both answer the same rows.
describe('numeric range filters on SQLite (index or scan by statistics)', () => {
  let t: DepthTestApp;
  const list = async (query: string) => {
    t.statements.length = 0;
    const url = `/api/v1/global?name=CurationSample&${query}`;
    const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
    expect(response.statusCode, response.body).toBe(200);
    // The bounded count of a filtered page (its plan is the one SQLite got wrong at 1M samples).
    const count = t.statements.find((s) =>
      /COUNT\(\*\) AS n FROM \(SELECT 1 AS one FROM "curation_sample" AS r /.test(s.sql),
    );
    return { body: response.json<{ items: Rec[]; _meta: Rec }>(), count: count as CompiledQuery };
  };

  beforeAll(async () => {
    t = await createDepthApp('sqlite');
    const ids = await seedDepthExample(t.db);
    const splits = Object.values(ids.wr);
    // top 0-12 evenly: `top > 1` holds 11/13 of the rows, `top > 11` 1/13.
    const rows = Array.from({ length: SAMPLES }, (_, i) => ({
      section_split_id: splits[i % splits.length],
      combined_id: `S${String(i)}`,
      top: i % 13,
      sample_length: 1,
      sample_material: i % 2 === 0 ? 'SED' : 'ROCK',
    }));
    for (let start = 0; start < rows.length; start += 200)
      await asDynamic(t.db)
        .insertInto('curation_sample')
        .values(rows.slice(start, start + 200))
        .execute();
    // What the demo generator and the mDIS migration do after a bulk load.
    await sql`ANALYZE curation_sample`.execute(t.db);
  });
  afterAll(() => t.close());

  it.each([
    ['%3E1', 'scans', 'SCAN r'],
    ['%3E%3D2', 'scans', 'SCAN r'],
    ['%3E11', 'uses the index on top', 'USING (COVERING )?INDEX curation_sample__top'],
    ['%3C1', 'uses the index on top', 'USING (COVERING )?INDEX curation_sample__top'],
  ])('filter[top]=%s %s, with the same rows as the filter in memory', async (filter, how, plan) => {
    const value = decodeURIComponent(filter);
    const { body, count } = await list(`per-page=20&filter[top]=${filter}&filter[sample_material]=SED`);
    const test = (top: number) => {
      const n = Number(value.replace(/[<>=]/g, ''));
      return value.startsWith('>=') ? top >= n : value.startsWith('>') ? top > n : top < n;
    };
    const expected = Array.from({ length: SAMPLES }, (_, i) => i).filter((i) => i % 2 === 0 && test(i % 13));
    expect(body.items.map((row) => row.combined_id)).toEqual(expected.slice(0, 20).map((i) => `S${String(i)}`));
    expect(body._meta.totalCount).toBe(expected.length);
    // A table this small SQLite scans anyway; at 1M samples it read the range by the index unless
    // the compiler hid the column from it (unary +).
    expect(count.sql.includes('+"r"."top"')).toBe(how === 'scans');
    const explained = await explainStatement(t.db, 'sqlite', count);
    expect(explained).toMatch(new RegExp(plan));
  });
});

describe('SQLite index statistics', () => {
  // Records as SQLite writes them: header size, serial types, then the values (big-endian).
  it.each([
    [[2, 1, 0xfb], -5],
    [[2, 2, 0x01, 0x00], 256],
    [[2, 8], 0],
    [[2, 0], null],
    [[2, 7, 0x40, 0x49, 0x0f, 0xbe, 0x76, 0xc8, 0xb4, 0x39], 50.123],
    [[3, 19, 1, 0x61, 0x62, 0x63, 0x07], 'abc'],
  ])('reads the first value of the sampled key %j', (bytes, value) => {
    const read = firstRecordValue(Uint8Array.from(bytes));
    if (typeof value === 'number') expect(read).toBeCloseTo(value, 3);
    else expect(read).toBe(value);
  });

  // 100 rows: 10 NULLs, then 0..89 once each; samples at NULL, 0, 40 and 80.
  const stats: IndexStats = {
    rows: 100,
    samples: [
      { value: null, lt: 0, eq: 10 },
      { value: 0, lt: 10, eq: 1 },
      { value: 40, lt: 50, eq: 1 },
      { value: 80, lt: 90, eq: 1 },
    ],
  };
  it.each([
    ['gt', 40, 0.49],
    ['gte', 40, 0.5],
    ['lt', 40, 0.4],
    ['lte', 0, 0.01],
    ['gt', 60, 0.295],
    ['lt', -1, 0],
  ] as const)('estimates %s %d as a share of the table', (op, value, share) => {
    expect(rangeShare(stats, op, value)).toBeCloseTo(share, 2);
  });
});
