import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../src/app';
import { loadDrillingTemplates, seedDrillingModel } from '../src/seed/drilling-model';
import { DIALECTS } from './helpers/dialects';
import { type DrillingApp, startDrillingApp } from './helpers/drilling-app';
import type { TestDatabase } from './helpers/test-database';

type Row = Record<string, unknown>;

describe.each(DIALECTS)('drilling data model on a new database (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  let fixture: DrillingApp;
  const shipped = loadDrillingTemplates();

  beforeAll(async () => {
    fixture = await startDrillingApp(dialect);
    ({ database, app, admin } = fixture);
  });
  afterAll(() => fixture.close());

  async function get(url: string): Promise<Row> {
    const response = await app.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Row>();
  }

  async function create(form: string, payload: Row): Promise<Row> {
    const response = await app.inject({ method: 'POST', url: `/api/v1/form?name=${form}`, payload, headers: admin });
    expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
    return response.json<Row>();
  }

  const listCount = async () =>
    Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM value_lists`.execute(database.db)).rows[0]?.n);

  it('has every model with its table, and the forms grouped by module', async () => {
    const summary = (await get('/cg/api/summary')) as { models: Row[] };
    expect(summary.models).toHaveLength(15);
    expect(summary.models.every((m) => m.isTableCreated === true)).toBe(true);
    const forms = (await get('/api/v1/app/forms')) as Record<string, { key: string }[]>;
    // the menu follows the data model, where a day starts, not the alphabet (issue 18 §3.17)
    expect(Object.entries(forms).map(([module, list]) => [module, list.map((f) => f.key)])).toEqual([
      ['Project', ['program', 'expedition', 'site', 'hole']],
      ['Core', ['core', 'section']],
      ['Curation', ['storage', 'sample-request', 'corebox', 'cuttings', 'split', 'sample']],
      ['Geology', ['lithology']],
      ['Archive', ['files']],
      ['Contact', ['person']],
    ]);
  });

  it('has every value list, and seeding again changes nothing', async () => {
    expect(await listCount()).toBe(shipped.valueLists.length);
    const countries = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM value_list_items i JOIN value_lists l ON l.id = i.list_id
      WHERE l.listname = 'COUNTRIES'`.execute(database.db);
    expect(Number(countries.rows[0]?.n)).toBe(249);
    const templates = async () => (await sql`SELECT name FROM templates`.execute(database.db)).rows.length;
    const before = await templates();
    await seedDrillingModel(database.db, dialect);
    expect(await templates()).toBe(before);
    expect(await listCount()).toBe(shipped.valueLists.length);
  });

  it('records a chain from program to sample and computes the depth columns', async () => {
    const program = await create('program', { program: 'ICDP', name: 'International Continental Drilling Program' });
    const expedition = await create('expedition', {
      program_id: program.id,
      expedition: '5065',
      exp_name: 'Test Expedition',
      exp_acronym: 'GRIND',
      chief_scientists: ['AM', 'BK'],
      contact: 'Anna Meyer',
      start_date: '2024-05-01',
      combined_id: '5065',
    });
    const site = await create('site', { expedition_id: expedition.id, site: '1', combined_id: '5065_1' });
    const hole = await create('hole', {
      site_id: site.id,
      hole: 'A',
      start_date: '2024-05-02',
      drillers_reference_height: 2.5,
      depth_water: 10,
      combined_id: '5065_1_A',
    });
    const core = await create('core', {
      hole_id: hole.id,
      core: 1,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 100.5,
      drilled_length: 3,
      core_recovery: 2.7,
      section_count: 5,
      combined_id: '5065_1_A_001',
    });
    expect(core).toMatchObject({
      drillers_bottom_depth: 103.5,
      core_top_depth: 88,
      core_bottom_depth: 91,
      core_recovery_pc: 90,
    });
    await create('core', {
      hole_id: hole.id,
      core: 2,
      core_ondeck: '2024-05-03T12:00:00Z',
      drillers_top_depth: 103.5,
      drilled_length: 2,
      core_recovery: 2,
      combined_id: '5065_1_A_002',
    });
    // (2.7 + 2) / (3 + 2) = 94 %
    expect(await get(`/api/v1/form/${String(hole.id)}?name=hole`)).toMatchObject({
      total_cored_length: 5,
      total_core_recovery: 94,
    });

    const section = await create('section', {
      core_id: core.id,
      section: 1,
      section_length: 0.95,
      curated_length: 0.9,
      combined_id: '5065_1_A_001_1',
    });
    // SplittableSection (when registered) creates the WR split itself.
    const splits = (await get(`/api/v1/form?name=split&filter[section_id]=${String(section.id)}`)) as { items: Row[] };
    const split =
      splits.items.find((s) => s.type === 'WR') ??
      (await create('split', { section_id: section.id, type: 'WR', percent: 100, combined_id: '5065_1_A_001_1_WR' }));
    const splitRecord = await get(`/api/v1/form/${String(split.id)}?name=split`);
    expect(splitRecord.curated_length).toBe(90);

    const sample = await create('sample', { section_split_id: split.id, top: 10, sample_length: 5 });
    expect(sample).toMatchObject({ bottom: 15, sample_combined_id: `${String(splitRecord.combined_id)}:10-15` });
    const lithology = await create('lithology', { section_split_id: split.id, top_depth: 0, unit_length: 12.5 });
    expect(lithology).toMatchObject({
      bottom_depth: 12.5,
      split_combined_id: splitRecord.combined_id,
      section_length: 0.95,
    });
  });

  it('filters a sample request by its expedition acronym (a parent path) and refuses a negative length', async () => {
    const expeditions = (await get('/api/v1/form?name=expedition&filter[exp_acronym]=GRIND')) as { items: Row[] };
    const expedition = expeditions.items[0] ?? {};
    await create('sample-request', { expedition_id: expedition.id, request_no: 1, scientist_1: 'Ben Keller' });
    const requests = (await get('/api/v1/form?name=sample-request&filter[exp_acronym]=GRIND')) as {
      items: Row[];
      _meta: { totalCount: number };
    };
    expect(requests._meta.totalCount).toBe(1);
    expect(requests.items[0]).toMatchObject({ request_no: 1, exp_acronym: 'GRIND' });

    const holes = (await get('/api/v1/form?name=hole&filter[combined_id]=5065_1_A')) as { items: Row[] };
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/form?name=core',
      headers: admin,
      payload: { hole_id: holes.items[0]?.id, core: 9, core_ondeck: '2024-05-04T08:00:00Z', drilled_length: -1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toContainEqual({
      field: 'drilled_length',
      message: 'Drilled Length [m] must be 0 or more.',
    });
  });

  it('answers the filter bar of the core form along the cascade', async () => {
    const sites = (await get('/api/v1/form?name=site&filter[combined_id]=5065_1')) as { items: Row[] };
    const models = encodeURIComponent(
      JSON.stringify({ model: 'hole', require: { as: 'site_id', value: sites.items[0]?.id } }),
    );
    const lists = await get(`/api/v1/form/filter-lists?name=core&models[]=${models}`);
    expect(lists.hole).toEqual([expect.objectContaining({ text: 'A' })]);
  });

  it("stores a site's decimal coordinates and refuses a latitude beyond 90 degrees, saving nothing", async () => {
    const expeditions = (await get('/api/v1/form?name=expedition&filter[exp_acronym]=GRIND')) as { items: Row[] };
    const expeditionId = expeditions.items[0]?.id;
    const sites = async () =>
      ((await get('/api/v1/form?name=site')) as { _meta: { totalCount: number } })._meta.totalCount;
    const before = await sites();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/form?name=site',
      headers: admin,
      payload: { expedition_id: expeditionId, latitude_dec: 91, longitude_dec: 8.62 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([{ field: 'latitude_dec', message: 'Decimal Latitude [WGS84] must be <= 90' }]);
    expect(await sites()).toBe(before);
    const site = await create('site', { expedition_id: expeditionId, latitude_dec: 47.21, longitude_dec: -8.62 });
    expect(await get(`/api/v1/global/${String(site.id)}?name=ProjectSite`)).toMatchObject({
      latitude_dec: 47.21,
      longitude_dec: -8.62,
    });
  });
});
