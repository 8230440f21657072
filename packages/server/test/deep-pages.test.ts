import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { DEFERRED_OFFSET } from '../src/engine/records/record-query';
import { CompiledQuery } from 'kysely';
import { type DepthTestApp, createDepthApp, explainStatement, seedDepthExample } from './depth-model-fixture';
import { DIALECTS } from './helpers/dialects';

type Rec = Record<string, unknown>;
const SAMPLES = DEFERRED_OFFSET + 45;
const PER_PAGE = 10;

describe.each(DIALECTS)('deep pages (%s)', (dialect) => {
  let t: DepthTestApp;
  const list = async (query: string) => {
    const url = `/api/v1/global?name=CurationSample&${query}`;
    const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Rec[]; _meta: Rec }>();
  };

  beforeAll(async () => {
    t = await createDepthApp(dialect);
    const ids = await seedDepthExample(t.db);
    const splits = Object.values(ids.wr);
    // Many samples with repeated tops and depths, so that sorts have ties across page boundaries.
    const rows = Array.from({ length: SAMPLES }, (_, i) => ({
      section_split_id: splits[i % splits.length],
      combined_id: `S${String(i)}`,
      igsn: i % 7 === 0 ? null : `IGSN${String(i % 50).padStart(3, '0')}`,
      top: i % 13,
      sample_length: 1,
    }));
    for (let start = 0; start < rows.length; start += 200)
      await asDynamic(t.db)
        .insertInto('curation_sample')
        .values(rows.slice(start, start + 200))
        .execute();
    await t.refreshMaintained();
  });
  afterAll(() => t.close());

  it.each(['id', '-id', '-top', 'top', '-igsn', 'mcd_top_depth', '-sample_combined_id'])(
    'a deep page holds the same rows as the whole list sorted by %s',
    async (sort) => {
      const whole = (await list(`per-page=-1&sort=${sort}`)).items.map((row) => row.id);
      expect(whole).toHaveLength(SAMPLES);
      const page = Math.floor(DEFERRED_OFFSET / PER_PAGE) + 2;
      const deep = await list(`page=${String(page)}&per-page=${String(PER_PAGE)}&sort=${sort}`);
      const start = (page - 1) * PER_PAGE;
      expect(deep.items.map((row) => row.id)).toEqual(whole.slice(start, start + PER_PAGE));
      expect(deep._meta).toMatchObject({ totalCount: SAMPLES, currentPage: page, perPage: PER_PAGE });
      // The columns are complete on a deep page too (joined parents, computed depths).
      expect(deep.items[0]).toHaveProperty('mcd_top_depth');
      expect(deep.items[0]?.section_split_id).toEqual(expect.any(Number));
    },
  );

  // Every page, read forwards or (past the middle of an exactly counted list) backwards, holds the
  // rows the whole list has there: first, middle, back-half, last, partial last and past-the-end.
  it.each([
    ['id', ''],
    ['-top', ''],
    ['igsn', ''],
    ['-mcd_top_depth', ''],
    ['top,-igsn', '&filter[top]=%3E3'],
    ['id', '&filter[igsn]=IGSN0'],
  ])('every page sorted by %s (filter %s) holds the rows of the whole list', async (sort, filter) => {
    const perPage = 40;
    const whole = (await list(`per-page=-1&sort=${sort}${filter}`)).items.map((row) => row.id);
    const last = Math.ceil(whole.length / perPage);
    for (const page of [1, Math.floor(last / 2), Math.floor(last / 2) + 1, last - 1, last, last + 1, last + 50]) {
      const got = await list(`page=${String(page)}&per-page=${String(perPage)}&sort=${sort}${filter}`);
      const start = (page - 1) * perPage;
      expect(
        got.items.map((row) => row.id),
        `page ${String(page)}`,
      ).toEqual(whole.slice(start, start + perPage));
      expect(got._meta).toMatchObject({ totalCount: whole.length, currentPage: page, perPage, pageCount: last });
    }
  });

  // The last page of the list by id reads the id index backwards from the end, skipping nothing
  // (bench S7: page 50,000 of a million samples skipped 999,980 rows); a page past the end reads nothing.
  it('reads the last page backwards and a page past the end not at all', async () => {
    const pageOf = async (page: number) => {
      t.statements.length = 0;
      await list(`page=${String(page)}&per-page=${String(PER_PAGE)}`);
      return t.statements.filter((s) => /^select .* from "curation_sample" as r /i.test(s.sql));
    };
    const [last] = await pageOf(Math.ceil(SAMPLES / PER_PAGE));
    expect(last.sql).toMatch(/ORDER BY "?r"?\."?id"? DESC LIMIT/i);
    expect(last.parameters.slice(-2)).toEqual([SAMPLES % PER_PAGE, 0]);
    expect(await pageOf(Math.ceil(SAMPLES / PER_PAGE) + 1)).toEqual([]);
  });

  // PostgreSQL indexes order NULLs first, as the lists do (NULLs first ascending on both dialects):
  // an ascending sort by a nullable column reads the index forwards, a descending one backwards,
  // and at most the ties of a key are sorted (Incremental Sort), never the whole table.
  it.each([
    ['igsn', 'ASC NULLS FIRST', 'forwards'],
    ['-igsn', 'DESC NULLS LAST', 'backwards'],
  ])('sorts by %s (%s) reading the igsn index %s', async (sort, order, direction) => {
    const page = await list(`per-page=${String(PER_PAGE)}&sort=${sort}`);
    expect(page.items[0]?.igsn === null).toBe(direction === 'forwards');
    const tie = order.startsWith('ASC') ? 'ASC' : 'DESC';
    // The order record-query.ts writes for the list (its id query on a deep page).
    const statement = CompiledQuery.raw(
      `SELECT r.id FROM curation_sample AS r ORDER BY r.igsn ${order}, r.id ${tie} LIMIT 10`,
    );
    const plan = await explainStatement(t.db, dialect, statement);
    if (dialect === 'sqlite') expect(plan).toMatch(/USING (COVERING )?INDEX curation_sample__igsn/);
    else {
      const steps = plan.split('\n').filter((line) => !/^\s*(Sort Key|Presorted Key):/.test(line));
      expect(steps[1]).toMatch(/^\s*->\s+(Incremental Sort|Index (Only )?Scan)/);
      expect(plan).toMatch(/Index (Only )?Scan (Backward )?using curation_sample__igsn/);
      expect(plan.includes('Backward')).toBe(direction === 'backwards');
    }
  });
});
