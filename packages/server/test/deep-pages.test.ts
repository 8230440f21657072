import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { DEFERRED_OFFSET } from '../src/engine/records/record-query';
import { type DepthTestApp, createDepthApp, seedDepthExample } from './depth-model-fixture';
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
});
