import { parseModelTemplate } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBehaviorRegistry } from '../src/engine/behaviors/behavior-registry';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { registerDepthModel } from '../src/modules/drilling/depth/depth-model.behavior';
import { loadDrillingTemplates } from '../src/seed/drilling-model';
import { type DepthTestApp, createDepthApp, insertRow, seedDepthExample } from './depth-model-fixture';
import { DIALECTS } from './helpers/dialects';

type Rec = Record<string, unknown>;

describe.each(DIALECTS)('depth model (%s)', (dialect) => {
  let t: DepthTestApp;
  let ids: Awaited<ReturnType<typeof seedDepthExample>>;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: t.admin });
    expect(response.statusCode).toBe(200);
    return response.json<Rec>();
  };
  const one = (model: string, id: number) => get(`/api/v1/global/${String(id)}?name=${model}`);
  const list = async (model: string, query = 'per-page=-1&sort=id') =>
    (await get(`/api/v1/global?name=${model}&${query}`)) as { items: Rec[] };

  beforeAll(async () => {
    t = await createDepthApp(dialect);
    ids = await seedDepthExample(t.db);
  });
  afterAll(() => t.close());

  it('gives a hole the deepest core bottom as depth drilled, 0 without cores', async () => {
    const holes = (await list('ProjectHole')).items;
    expect(holes.map((h) => [h.hole, h.depth_drilled])).toEqual([
      ['A', 5.5],
      ['B', 1],
      ['C', 0],
    ]);
  });

  it('tells whether none, some or all sections of a core have an archive half', async () => {
    const cores = (await list('CoreCore')).items;
    expect(cores.map((c) => [c.combined_id, c.section_split_exist])).toEqual([
      ['5065_1_A_001', 'none'],
      ['5065_1_A_002', 'partly'],
      ['5065_1_B_001', 'all'],
    ]);
  });

  it('stacks the sections of a core from its top: mbs and mcd depths, split status', async () => {
    const sections = (await list('CoreSection', `per-page=-1&sort=section&filter[core_id]=${String(ids.cores.a2)}`))
      .items;
    // Core 2 starts at 3 m: 3 + 1.0 = 4.0, 4.0 + 0.9 = 4.9; the mcd offset 0.2 shifts both ends.
    expect(
      sections.map((s) => [s.top_depth, s.bottom_depth, s.mcd_top_depth, s.mcd_bottom_depth, s.section_split_exist]),
    ).toEqual([
      [3, 4, 3.2, 4.2, 'yes'],
      [4, 4.9, 4.2, 5.1, 'yes'],
      [4.9, 5.5, 5.1, 5.7, 'no'],
    ]);
    expect(await one('CoreSection', ids.sections.a1s1)).toMatchObject({
      top_depth: 0,
      bottom_depth: 1.5,
      mcd_top_depth: 0,
      mcd_bottom_depth: 1.5,
      section_split_exist: 'no',
    });
  });

  it('gives a split its origin and its section mcd interval', async () => {
    expect(await one('CurationSectionSplit', ids.archive.a2s2)).toMatchObject({
      origin_split_combined_id: '5065_1_A_002_2_WR',
      origin_split_type: 'WR',
      mcd_top_depth: 4.2,
      mcd_bottom_depth: 5.1,
    });
    expect(await one('CurationSectionSplit', ids.wr.a2s3)).toMatchObject({
      origin_split_combined_id: '',
      origin_split_type: '',
      mcd_top_depth: 5.1,
      mcd_bottom_depth: 5.7,
    });
  });

  it('places samples below the section mcd top, CSF-B scaled by section over curated length', async () => {
    // Section 2 of core 2: mcd top 4.2; 0.9 m drilled but curated to 0.75 m → CSF-B scale 1.2.
    const scaled = await insertRow(t.db, 'curation_sample', {
      section_split_id: ids.archive.a2s2,
      top: 20,
      sample_length: 10,
    });
    // Section 1 of core 1 has no curated length: CSF-B equals the unscaled offset.
    const unscaled = await insertRow(t.db, 'curation_sample', {
      section_split_id: ids.wr.a1s1,
      top: 50,
      sample_length: 25,
    });
    expect(await one('CurationSample', scaled)).toMatchObject({
      mcd_top_depth: 4.4,
      mcd_bottom_depth: 4.5,
      csfb_top_depth: 4.44,
      csfb_bottom_depth: 4.56,
    });
    expect(await one('CurationSample', unscaled)).toMatchObject({
      mcd_top_depth: 0.5,
      mcd_bottom_depth: 0.75,
      csfb_top_depth: 0.5,
      csfb_bottom_depth: 0.75,
    });
  });

  it('places lithology units below the section mcd top', async () => {
    const unit = await insertRow(t.db, 'geology_lithology', {
      section_split_id: ids.archive.a2s2,
      top_depth: 10,
      unit_length: 30,
    });
    expect(await one('GeologyLithology', unit)).toMatchObject({ mcd_top_depth_unit: 4.3, mcd_bottom_depth_unit: 4.6 });
  });

  it('lists the storage and the splits of a core box', async () => {
    const boxes = (await list('CurationCorebox')).items;
    expect(boxes.map((b) => [b.corebox, b.storage_combined_id, b.contained_section_splits])).toEqual([
      ['001', 'BREMEN_1', ['5065_1_A_002_1_A', '5065_1_A_002_2_A']],
      ['002', '', []],
    ]);
  });

  it('computes a page of samples with one depth query, whatever the page size', async () => {
    for (let top = 0; top < 80; top += 2) {
      await insertRow(t.db, 'curation_sample', { section_split_id: ids.archive.a2s1, top, sample_length: 2 });
    }
    const page = (perPage: number) =>
      get(`/api/v1/form?name=sample&per-page=${String(perPage)}&sort=id`) as Promise<{ items: Rec[] }>;
    await page(1); // templates cached: only the page's own queries are counted
    for (const perPage of [5, 20, 40]) {
      t.queries.length = 0;
      const { items } = await page(perPage);
      expect(items).toHaveLength(perPage);
      expect(items.every((s) => typeof s.mcd_top_depth === 'number')).toBe(true);
      // The count, the page itself, and one depth query: the section depths by the rows' splits (top,
      // sample_length and section_split_id are not read again). The token check runs precompiled
      // (infra/db/prepared-query.ts), past the plugin that records the queries.
      expect(t.queries).toHaveLength(3);
      const depthQueries = t.queries.filter((q) => /length_above/i.test(q));
      expect(depthQueries).toHaveLength(1);
      expect(depthQueries[0]).not.toMatch(/curation_sample/i);
    }
  });

  it('lists sections, splits and lithology units with one depth query per page', async () => {
    await insertRow(t.db, 'geology_lithology', { section_split_id: ids.archive.a2s2, top_depth: 0, unit_length: 5 });
    await list('CoreSection'); // templates cached
    for (const model of ['CoreSection', 'CurationSectionSplit', 'GeologyLithology']) {
      await list(model);
      t.queries.length = 0;
      await list(model);
      // The section depths, joined to the split status, the origin split or the unit's split.
      const depthQueries = t.queries.filter((q) => /length_above|sp\.section_id\s+FROM|o\.combined_id/i.test(q));
      expect(depthQueries).toHaveLength(1);
    }
  });

  it('reads the values a page lacks by id and computes the same depths', async () => {
    const registry = createBehaviorRegistry();
    registerDepthModel(registry);
    const present = registry.get('DepthModelBehavior')?.hooks.present;
    const template = parseModelTemplate(loadDrillingTemplates().models.find((m) => m.fullName === 'CurationSample'));
    const listed = (await list('CurationSample')).items;
    expect(listed.length).toBeGreaterThan(2);
    // As a page read with limited fields: only the ids, so the interval columns come from the database.
    const bare: Rec[] = listed.map((s) => ({ id: s.id }));
    t.queries.length = 0;
    await present?.({ db: asDynamic(t.db), model: template, parameters: {}, records: bare });
    const depths = ['mcd_top_depth', 'mcd_bottom_depth', 'csfb_top_depth', 'csfb_bottom_depth'];
    const pick = (s: Rec) => depths.map((name) => s[name]);
    expect(bare.map(pick)).toEqual(listed.map(pick));
  });

  it('answers an empty string while the record has no id (drafts)', async () => {
    const registry = createBehaviorRegistry();
    registerDepthModel(registry);
    const present = registry.get('DepthModelBehavior')?.hooks.present;
    const template = loadDrillingTemplates().models.find((m) => m.fullName === 'CoreSection');
    const draft: Rec = { core_id: ids.cores.a2, section: 4, section_length: 1 };
    await present?.({ db: asDynamic(t.db), model: parseModelTemplate(template), parameters: {}, records: [draft] });
    expect(draft).toMatchObject({
      top_depth: '',
      bottom_depth: '',
      mcd_top_depth: '',
      mcd_bottom_depth: '',
      section_split_exist: '',
    });
  });
});
