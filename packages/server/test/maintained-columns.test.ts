import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DepthTestApp,
  createDepthApp,
  explainStatement,
  insertRow,
  seedDepthExample,
} from './depth-model-fixture';
import { DIALECTS } from './helpers/dialects';
import { commitCsvImport } from './helpers/drilling-app';

type Rec = Record<string, unknown>;

const DEPTHS = ['mcd_top_depth', 'mcd_bottom_depth', 'csfb_top_depth', 'csfb_bottom_depth'] as const;

// A small deterministic generator: the same "random" edits on every run and dialect.
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

describe.each(DIALECTS)('maintained sample depths (%s)', (dialect) => {
  let t: DepthTestApp;
  let ids: Awaited<ReturnType<typeof seedDepthExample>>;

  const request = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Rec) => {
    const response = await t.app.inject({ method, url, headers: t.admin, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return method === 'DELETE' ? {} : response.json<Rec>();
  };
  const samples = async (query = '') =>
    ((await request('GET', `/api/v1/global?name=CurationSample&per-page=-1&${query}`)) as { items: Rec[] }).items;
  const update = (model: string, id: number, payload: Rec) =>
    request('PUT', `/api/v1/global/${String(id)}?name=${model}`, payload);

  /** The stored copies, straight from the table, by sample id. */
  async function stored(): Promise<Map<number, Rec>> {
    const { rows } = await sql<Rec>`SELECT id, maintained__mcd_top_depth AS mcd_top_depth,
      maintained__mcd_bottom_depth AS mcd_bottom_depth, maintained__csfb_top_depth AS csfb_top_depth,
      maintained__csfb_bottom_depth AS csfb_bottom_depth, maintained__sample_combined_id AS sample_combined_id
      FROM curation_sample`.execute(t.db);
    return new Map(rows.map((row) => [Number(row.id), row]));
  }

  /** Every sample's stored depths and sample combined id equal the ones the API computes and shows. */
  async function expectStoredAsShown(): Promise<void> {
    const copies = await stored();
    const shown = await samples();
    expect(shown.length).toBeGreaterThan(0);
    for (const sample of shown) {
      const copy = copies.get(Number(sample.id)) ?? {};
      const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      expect(Object.fromEntries(DEPTHS.map((d) => [d, number(copy[d])])), `sample ${String(sample.id)}`).toEqual(
        Object.fromEntries(DEPTHS.map((d) => [d, sample[d]])),
      );
      expect(copy.sample_combined_id ?? null, `sample ${String(sample.id)}`).toBe(sample.sample_combined_id ?? null);
    }
  }

  /** The order the API promises for a sort by `column`: NULLs first, then the value, then the id. */
  function expectedOrder(rows: Rec[], column: string): unknown[] {
    const key = (row: Rec) => (row[column] === null ? -Infinity : Number(row[column]));
    return [...rows].sort((a, b) => key(a) - key(b) || Number(a.id) - Number(b.id)).map((row) => row.id);
  }

  beforeAll(async () => {
    t = await createDepthApp(dialect);
    ids = await seedDepthExample(t.db);
    const sample = (split: number, name: string, top: number, length: number | null) =>
      insertRow(t.db, 'curation_sample', { section_split_id: split, combined_id: name, top, sample_length: length });
    await sample(ids.wr.a2s1, 'S1', 10, 5);
    await sample(ids.archive.a2s2, 'S2', 0, 20);
    await sample(ids.wr.a1s1, 'S3', 50, 10);
    await sample(ids.archive.b1s1, 'S4', 5, 5);
    await sample(ids.wr.a2s3, 'S5', 9.5, null);
    await sample(ids.wr.a2s2, 'S6', 44.5, 1);
    await t.refreshMaintained();
  });
  afterAll(() => t.close());

  it('stores the depths the API shows, and sorts and filters by them', async () => {
    await expectStoredAsShown();
    const all = await samples();
    for (const column of DEPTHS) {
      const sorted = await samples(`sort=${column}`);
      expect(sorted.map((row) => row.id)).toEqual(expectedOrder(all, column));
      const descending = await samples(`sort=-${column}`);
      expect(descending.map((row) => row.id)).toEqual(expectedOrder(all, column).reverse());
    }
    // 5.194999… in binary: shown and stored rounded as 5.19, so the filter finds it.
    const found = await samples(`filter[mcd_top_depth]=${encodeURIComponent('==5.19')}`);
    expect(found.map((row) => row.combined_id)).toEqual(['S5']);
    const deep = await samples(`filter[mcd_top_depth]=${encodeURIComponent('>4')}&sort=mcd_top_depth`);
    expect(deep.map((row) => row.combined_id)).toEqual(['S2', 'S6', 'S5']);
  });

  it('follows a section whose length changes: every sample below its core moves, in the same request', async () => {
    // Section 1 of core A2 grows by 1 m: S2 (section 2) and S5 (section 3) are 1 m deeper, S1 (section 1) stays.
    const before = new Map((await samples()).map((row) => [row.combined_id, row.mcd_top_depth]));
    await update('CoreSection', ids.sections.a2s1, { section_length: 2 });
    const after = new Map((await samples()).map((row) => [row.combined_id, row.mcd_top_depth]));
    expect(after.get('S1')).toBe(before.get('S1'));
    expect(after.get('S2')).toBeCloseTo(Number(before.get('S2')) + 1, 6);
    expect(after.get('S5')).toBeCloseTo(Number(before.get('S5')) + 1, 6);
    await expectStoredAsShown();
    const sorted = await samples('sort=mcd_top_depth');
    expect(sorted.map((row) => row.id)).toEqual(expectedOrder(sorted, 'mcd_top_depth'));
    await update('CoreSection', ids.sections.a2s1, { section_length: 1 });
  });

  it('follows a core moved deeper: its samples sort after the other hole’s', async () => {
    const order = async () => (await samples('sort=mcd_top_depth')).map((row) => row.combined_id);
    expect((await order()).indexOf('S4')).toBeLessThan((await order()).indexOf('S1'));
    // Hole B's core 1 from 0 m to 100 m: S4 is now the deepest sample.
    await update('CoreCore', ids.cores.b1, { drillers_top_depth: 100 });
    expect((await order()).at(-1)).toBe('S4');
    await expectStoredAsShown();
    await update('CoreCore', ids.cores.b1, { drillers_top_depth: 0 });
    expect((await order()).at(-1)).not.toBe('S4');
    await expectStoredAsShown();
  });

  it('follows samples created and edited, a split moved to another section, sections created and deleted', async () => {
    const created = await request('POST', '/api/v1/global?name=CurationSample', {
      section_split_id: ids.wr.b1s1,
      combined_id: 'S7',
      top: 12,
      sample_length: 3,
    });
    await expectStoredAsShown();
    await update('CurationSample', Number(created.id), { top: 80 });
    // S5's whole round moves from the third section of core A2 to a new second section of core A1, and back.
    const spare = await insertRow(t.db, 'core_section', {
      core_id: ids.cores.a1,
      section: 2,
      section_length: 1.2,
      combined_id: '5065_1_A_001_2',
    });
    await update('CurationSectionSplit', ids.wr.a2s3, { section_id: spare });
    await expectStoredAsShown();
    await update('CurationSectionSplit', ids.wr.a2s3, { section_id: ids.sections.a2s3 });
    // A new section 0 on top of core A2 pushes every section of the core down; deleting it lifts them back.
    const section = await request('POST', '/api/v1/global?name=CoreSection', {
      core_id: ids.cores.a2,
      section: 0,
      section_length: 0.5,
      combined_id: '5065_1_A_002_0',
    });
    await expectStoredAsShown();
    const splits = await request(
      'GET',
      `/api/v1/global?name=CurationSectionSplit&filter[section_id]=${String(section.id)}`,
    );
    for (const split of (splits as { items: Rec[] }).items)
      await request('DELETE', `/api/v1/global/${String(split.id)}?name=CurationSectionSplit`);
    await request('DELETE', `/api/v1/global/${String(section.id)}?name=CoreSection`);
    await expectStoredAsShown();
  });

  it('follows combined ids rebuilt above a sample: a core renumbered, a section renumbered', async () => {
    // By id: a sample's own combined_id is rebuilt too (named by its id under the new split's).
    const s1 = (await samples()).find((row) => row.combined_id === 'S1')?.id;
    const shownOf = async (_name: 'S1') => (await samples()).find((row) => row.id === s1)?.sample_combined_id;
    expect(await shownOf('S1')).toBe('5065_1_A_002_1_WR:10-15');
    await update('CoreCore', ids.cores.a2, { core: 7 });
    expect(await shownOf('S1')).toBe('5065_1_A_007_1_WR:10-15');
    await expectStoredAsShown();
    await update('CoreSection', ids.sections.a2s1, { section: 5 });
    expect(await shownOf('S1')).toBe('5065_1_A_007_5_WR:10-15');
    await expectStoredAsShown();
    await update('CoreSection', ids.sections.a2s1, { section: 1 });
    await update('CoreCore', ids.cores.a2, { core: 2 });
    await expectStoredAsShown();
  });

  it('sorts and filters by the stored sample combined id through its (column, id) index', async () => {
    const all = await samples();
    const ascending = await samples('sort=sample_combined_id');
    expect(new Set(ascending.map((row) => row.id))).toEqual(new Set(all.map((row) => row.id)));
    expect((await samples('sort=-sample_combined_id')).map((row) => row.id)).toEqual(
      ascending.map((row) => row.id).reverse(),
    );
    const one = String(ascending[2]?.sample_combined_id);
    const found = await samples(`filter[sample_combined_id]=${encodeURIComponent(`==${one}`)}`);
    expect(found.map((row) => row.sample_combined_id)).toEqual([one]);
    t.statements.length = 0;
    await samples('sort=sample_combined_id');
    const list = t.statements.find((s) => /order by/i.test(s.sql) && s.sql.includes('maintained__sample_combined_id'));
    expect(list, 'the list query sorts by the stored column').toBeDefined();
  });

  it('imports samples whose INSERT computes each split’s section depth once, with the depths the API shows', async () => {
    const splits = [ids.wr.a2s1, ids.archive.a2s2, ids.wr.a1s1, ids.archive.b1s1, ids.wr.a2s3];
    const lines = ['Section Split ID,top,Sample Length [cm],Sample Material,comment'];
    for (let i = 0; i < 12; i += 1)
      lines.push(
        `${String(splits[i % splits.length])},${String(i * 4)},${String(1 + (i % 4))},ROCK,imported ${String(i)}`,
      );
    t.queries.length = 0;
    const response = await commitCsvImport(t, 'sample', lines.join('\n'), 'text/csv');
    expect(response.json<{ counts: Rec }>().counts).toMatchObject({ new: 12, errors: 0 });
    const inserts = t.queries.filter((q) => /^(WITH .*)?INSERT INTO "curation_sample"/is.test(q));
    expect(inserts).toHaveLength(1);
    // The section depth (its core's top and the sections above) once, not once per depth column and row.
    expect(inserts[0]?.match(/SUM\(above\.section_length\)/g)).toHaveLength(1);
    await expectStoredAsShown();
  });

  it('stays equal to the computed depths after a run of random edits', async () => {
    const random = generator(17);
    const sections = Object.values(ids.sections);
    const cores = Object.values(ids.cores);
    const sampleIds = (await samples()).map((row) => Number(row.id));
    for (let step = 0; step < 32; step += 1) {
      const pick = <T>(list: readonly T[]) => list[random(list.length)];
      const amount = random(300) / 100;
      switch (random(6)) {
        case 4:
          await update('CoreCore', pick(cores), { core: 20 + step });
          break;
        case 5:
          await update('CoreSection', pick(sections), { section: 20 + step });
          break;
        case 0:
          await update('CoreSection', pick(sections), { section_length: amount + 0.05, curated_length: amount });
          break;
        case 1:
          await update('CoreSection', pick(sections), { mcd_offset: amount - 1.5 });
          break;
        case 2:
          await update('CoreCore', pick(cores), { drillers_top_depth: amount * 10 });
          break;
        default:
          await update('CurationSample', pick(sampleIds), { top: random(90) + 0.5, sample_length: random(10) });
      }
    }
    await expectStoredAsShown();
  });

  // A stored pseudo column through its maintained column's (column, id) index; the sample's own
  // top through the template's index on top (bench S8: a descending sort of 1M samples read every
  // row without it).
  it.each([
    ...['mcd_top_depth', '-mcd_top_depth', 'sample_combined_id', '-sample_combined_id'].map((sort) => {
      const column = `maintained__${sort.replace(/^-/, '')}`;
      return [sort, column, `curation_sample__${column}`];
    }),
    ['-top', '"top"', 'curation_sample__top'],
  ])('sorts by %s through an index', async (sort, sortedColumn, index) => {
    t.statements.length = 0;
    await request('GET', `/api/v1/global?name=CurationSample&per-page=20&sort=${sort}`);
    const list = t.statements.find((s) => /order by/i.test(s.sql) && s.sql.includes(sortedColumn));
    expect(list, 'the list query sorts by the stored column').toBeDefined();
    const plan = await explainStatement(t.db, dialect, list as CompiledQuery);
    // The page's ids are read in index order, backwards for a descending sort (the outer query
    // only orders the page's own rows).
    expect(plan).toMatch(
      dialect === 'postgres'
        ? new RegExp(`Index (Only )?Scan (Backward )?using ${index}\\b`)
        : new RegExp(`SCAN r USING (COVERING )?INDEX ${index}\\b`),
    );
  });
});
