import { generateIgsn, IGSN_CONFIG_DEFAULTS, igsnSettings, type ModelTemplate } from '@mdis/shared';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { migrateToLatest } from '../src/infra/db/migrate';
import { DEMO_SAMPLES } from '../src/seed/demo.seed';
import { DEMO_EXPEDITIONS } from '../src/seed/demo/demo-catalog';
import { DemoDataError, type DemoResult, generateDemoData } from '../src/seed/demo/demo-generator';
import { DEMO_MODELS } from '../src/seed/demo/demo-tables';
import { HOLE_SCATTER_DEG } from '../src/seed/demo/site-position';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

type Row = Record<string, unknown>;
interface List {
  items: Row[];
  _meta: { totalCount: number };
}

// Small on purpose: the same code paths as 1M samples, in seconds.
const SAMPLES = 600;

describe.each(DIALECTS)('demo data (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  let result: DemoResult;
  const models = new Map<string, ModelTemplate>();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    result = await generateDemoData(database.db, dialect, { samples: SAMPLES });
    const store = createTemplateStore(database.db);
    for (const name of DEMO_MODELS) models.set(name, (await store.getModel(name)) as ModelTemplate);
    app = await buildApp(config, { database });
    admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const rows = async <T = Row>(query: RawBuilder<T>) => (await query.execute(database.db)).rows;
  async function first<T = Row>(query: RawBuilder<T>): Promise<T> {
    const found = (await rows(query)).at(0);
    if (found === undefined) throw new Error('expected a row');
    return found;
  }
  const count = async (table: string) =>
    Number((await first(sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`)).n);

  async function request(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Row) {
    const response = await app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<unknown>(), text: response.body };
  }
  async function get<T = Row>(url: string): Promise<T> {
    const answer = await request('GET', url);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as T;
  }

  it('writes exactly the samples asked for and fills every drilling table', async () => {
    expect(result.tables.CurationSample).toBe(SAMPLES);
    expect(await count('curation_sample')).toBe(SAMPLES);
    expect(await count('project_program')).toBe(2);
    for (const name of DEMO_MODELS) expect(result.tables[name], name).toBeGreaterThan(0);
    expect(result.rowsPerSecond).toBeGreaterThan(0);
    const expeditions = await rows(
      sql<{
        expedition: string;
        exp_acronym: string;
      }>`SELECT expedition, exp_acronym FROM project_expedition ORDER BY id`,
    );
    expect(expeditions).toEqual(DEMO_EXPEDITIONS.map((e) => ({ expedition: e.expedition, exp_acronym: e.acronym })));
    // Holes have coordinates near their expedition's area.
    const holes = await rows(
      sql<{ latitude: number; longitude: number }>`SELECT latitude, longitude FROM project_hole`,
    );
    expect(holes.every((h) => h.latitude > 30 && h.latitude < 60 && h.longitude > 0 && h.longitude < 20)).toBe(true);
  });

  it('places every site in its expedition area, apart from the others, with its holes around it', async () => {
    const sites = await rows(sql<{
      id: number;
      expedition: string;
      lat: number;
      lng: number;
      holes: number | string;
      dlat: number;
      dlng: number;
    }>`
      SELECT s.id, e.expedition, s.latitude_dec AS lat, s.longitude_dec AS lng, COUNT(h.id) AS holes,
             MAX(ABS(h.latitude - s.latitude_dec)) AS dlat, MAX(ABS(h.longitude - s.longitude_dec)) AS dlng
      FROM project_site s JOIN project_expedition e ON e.id = s.expedition_id
      LEFT JOIN project_hole h ON h.site_id = s.id
      GROUP BY s.id, e.expedition, s.latitude_dec, s.longitude_dec ORDER BY s.id`);
    expect(sites.length).toBe(await count('project_site'));
    for (const site of sites) {
      const area = DEMO_EXPEDITIONS.find((e) => e.expedition === site.expedition);
      const at = `site ${String(site.id)}`;
      expect(Number(site.holes), at).toBeGreaterThan(0);
      expect(Math.abs(site.lat - (area?.latitude ?? NaN)), at).toBeLessThan(1);
      expect(Math.abs(site.lng - (area?.longitude ?? NaN)), at).toBeLessThan(1);
      // One drill pad: every hole within ~200 m of its site.
      expect(Math.max(site.dlat, site.dlng), at).toBeLessThanOrEqual(HOLE_SCATTER_DEG + 1e-6);
    }
    expect(new Set(sites.map((s) => `${String(s.lat)},${String(s.lng)}`)).size).toBe(sites.length);

    // What the dashboard map reads: every site of the global list has both coordinates.
    const listed = await get<List>('/api/v1/global?name=ProjectSite&per-page=200&sort=id');
    expect(listed.items.length).toBe(Math.min(sites.length, 200));
    for (const item of listed.items) {
      expect(Math.abs(Number(item.latitude_dec))).toBeLessThanOrEqual(90);
      expect(Math.abs(Number(item.longitude_dec))).toBeLessThanOrEqual(180);
    }
  });

  it('cuts sections whose lengths add up to their core recovery, cores drilled end to end', async () => {
    const cores = await rows(sql<{ id: number; recovery: number; sections: number | string; total: number | string }>`
      SELECT c.id, c.core_recovery AS recovery, c.section_count AS sections, COUNT(s.id) AS n,
             SUM(s.section_length) AS total
      FROM core_core c JOIN core_section s ON s.core_id = c.id GROUP BY c.id, c.core_recovery, c.section_count`);
    expect(cores.length).toBe(await count('core_core'));
    for (const core of cores) expect(Number(core.total), `core ${String(core.id)}`).toBeCloseTo(core.recovery, 6);
    const gaps = await rows(sql<{ id: number }>`
      SELECT b.id FROM core_core a JOIN core_core b ON b.hole_id = a.hole_id AND b.core = a.core + 1
      WHERE ABS(a.drillers_top_depth + a.drilled_length - b.drillers_top_depth) > 0.001
         OR a.core_recovery > a.drilled_length`);
    expect(gaps).toEqual([]);
  });

  it('splits every section into WR, and most into A and W from it, and samples only working halves inside their section', async () => {
    const missingWholeRound = await rows(sql`
      SELECT s.id FROM core_section s
      WHERE NOT EXISTS (SELECT 1 FROM curation_section_split p WHERE p.section_id = s.id AND p.type = 'WR')`);
    expect(missingWholeRound).toEqual([]);
    const badOrigin = await rows(sql`
      SELECT p.id FROM curation_section_split p JOIN curation_section_split o ON o.id = p.origin_split_id
      WHERE p.type IN ('A', 'W') AND (o.type <> 'WR' OR o.section_id <> p.section_id)`);
    expect(badOrigin).toEqual([]);
    expect(await count('curation_section_split')).toBeGreaterThan((await count('core_section')) * 2);
    const outside = await rows(sql`
      SELECT x.id FROM curation_sample x
      JOIN curation_section_split p ON p.id = x.section_split_id
      JOIN core_section s ON s.id = p.section_id
      WHERE p.type <> 'W' OR x.top < 0 OR x.sample_length <= 0
         OR x.top + x.sample_length > s.section_length * 100 + 0.0001`);
    expect(outside).toEqual([]);
  });

  it('holds only select values that are items of the column value list', async () => {
    const items = await rows(sql<{ listname: string; display: string }>`
      SELECT l.listname, i.display FROM value_lists l JOIN value_list_items i ON i.list_id = l.id`);
    const lists = new Map<string, Set<string>>();
    for (const item of items) lists.set(item.listname, (lists.get(item.listname) ?? new Set()).add(item.display));
    let checked = 0;
    for (const model of models.values()) {
      for (const column of Object.values(model.columns)) {
        if (!column.selectListName) continue;
        const list = lists.get(column.selectListName) ?? new Set<string>();
        const values = await rows(sql<{ value: string | null }>`
          SELECT DISTINCT ${sql.ref(column.name)} AS value FROM ${sql.table(model.table)}`);
        const stored = values.flatMap((v) => (v.value === null ? [] : v.value.split(';')));
        const unknown = stored.filter((value) => !list.has(value));
        expect(unknown, `${model.fullName}.${column.name} (${column.selectListName})`).toEqual([]);
        checked += stored.length;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('gives demo records the combined ids and IGSNs the behaviors give, and re-saving keeps them', async () => {
    const hole = await first(sql<Row>`SELECT h.id, h.combined_id, e.expedition, p.program
      FROM project_hole h JOIN project_site s ON s.id = h.site_id JOIN project_expedition e ON e.id = s.expedition_id
      JOIN project_program p ON p.id = e.program_id ORDER BY h.id LIMIT 1`);
    expect(hole.combined_id).toBe('5065_1_A');
    const core = await first(sql<Row>`SELECT * FROM core_core WHERE hole_id = ${hole.id} ORDER BY core LIMIT 1`);
    expect(core).toMatchObject({ combined_id: '5065_1_A_001', igsn: 'ICDP5065EC10001' });

    // A new core through the API: its combined id and IGSN follow the demo's pattern.
    const created = await request('POST', '/api/v1/form?name=core', {
      hole_id: hole.id,
      core_ondeck: '2026-01-05 10:00:00',
      drilled_length: 3,
      core_recovery: 2.5,
    });
    expect(created.status, created.text).toBe(201);
    const apiCore = created.body as Row;
    const last = await rows(sql<{ core: number }>`SELECT MAX(core) AS core FROM core_core WHERE hole_id = ${hole.id}`);
    expect(apiCore.core).toBe(last[0]?.core);
    expect(apiCore.combined_id).toBe(`5065_1_A_${String(apiCore.core).padStart(3, '0')}`);
    const settings = igsnSettings(IGSN_CONFIG_DEFAULTS);
    expect(apiCore.igsn).toBe(
      generateIgsn(settings, { tag: 'C', id: Number(apiCore.id), program: 'ICDP', expedition: '5065' }),
    );

    // Re-saving demo records through the API recomputes nothing: the behaviors agree with the generator.
    const split = await first(sql<Row>`SELECT * FROM curation_section_split WHERE type = 'W' ORDER BY id LIMIT 1`);
    const sample = await first(sql<Row>`SELECT * FROM curation_sample ORDER BY id LIMIT 1`);
    for (const [form, record] of [
      ['core', core],
      ['split', split],
      ['sample', sample],
    ] as const) {
      const saved = await request('PUT', `/api/v1/form/${String(record.id)}?name=${form}`, {
        combined_id: record.combined_id,
        igsn: record.igsn,
      });
      expect(saved.status, `${form}: ${saved.text}`).toBe(200);
      expect(saved.body, form).toMatchObject({ combined_id: record.combined_id, igsn: record.igsn });
    }

    // A sample created through the API under a demo split: the same kind of IGSN, registered.
    const posted = await request('POST', '/api/v1/form?name=sample', {
      section_split_id: split.id,
      top: 1,
      sample_length: 2,
    });
    expect(posted.status, posted.text).toBe(201);
    const apiSample = posted.body as Row;
    expect(apiSample.igsn).toMatch(/^ICDP5065EX[0-9A-Z]{5}$/);
    expect(apiSample.combined_id ?? null).toBe(
      sample.combined_id === null ? null : `${String(split.combined_id)}_${String(apiSample.id)}`,
    );
  });

  it('registers every demo IGSN once, for its record', async () => {
    for (const [name, table] of [
      ['ProjectHole', 'project_hole'],
      ['CoreCore', 'core_core'],
      ['CurationSectionSplit', 'curation_section_split'],
      ['CurationSample', 'curation_sample'],
    ] as const) {
      const mismatches = await rows(sql`
        SELECT t.id FROM ${sql.table(table)} t
        LEFT JOIN igsn_registry r ON r.data_model = ${name} AND r.model_id = t.id
        WHERE r.igsn IS NULL OR r.igsn <> t.igsn`);
      expect(mismatches, name).toEqual([]);
    }
  });

  it('finds a demo sample by its IGSN', async () => {
    const sample = await first(sql<Row>`SELECT id, igsn FROM curation_sample ORDER BY id DESC LIMIT 1`);
    const found = await get<Row[]>(`/api/v1/app/find-igsn/${String(sample.igsn)}`);
    expect(found).toEqual([expect.objectContaining({ id: sample.id, data_model: 'CurationSample' })]);
  });

  it('lists the demo data through the API, e.g. the samples of one core by top', async () => {
    const expeditions = await get<List>('/api/v1/form?name=expedition&sort=id');
    expect(expeditions.items.map((e) => e.exp_acronym)).toEqual(['GRAVEL', 'RIFTLINK', 'SALTMED']);
    const all = await get<List>('/api/v1/form?name=sample&per-page=5');
    expect(all._meta.totalCount).toBeGreaterThanOrEqual(SAMPLES);
    const core = await first(sql<Row>`
      SELECT c.id, c.hole_id, h.site_id, s.expedition_id, COUNT(x.id) AS n FROM core_core c
      JOIN project_hole h ON h.id = c.hole_id JOIN project_site s ON s.id = h.site_id
      JOIN core_section se ON se.core_id = c.id JOIN curation_section_split p ON p.section_id = se.id
      JOIN curation_sample x ON x.section_split_id = p.id
      GROUP BY c.id, c.hole_id, h.site_id, s.expedition_id ORDER BY COUNT(x.id) DESC, c.id LIMIT 1`);
    const filter = `filter[expedition_id]=${String(core.expedition_id)}&filter[site_id]=${String(core.site_id)}&filter[hole_id]=${String(core.hole_id)}&filter[core_id]=${String(core.id)}`;
    const ofCore = await get<List>(`/api/v1/form?name=sample&${filter}&sort=top&per-page=100`);
    expect(ofCore._meta.totalCount).toBe(Number(core.n));
    const tops = ofCore.items.map((item) => Number(item.top));
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
  });

  it('gives every sample request a part, so the Samples CSV widget downloads its samples', async () => {
    expect(await count('curation_sample_request')).toBeGreaterThan(0);
    const partless = await first(
      sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM curation_sample_request WHERE request_part IS NULL`,
    );
    expect(Number(partless.n)).toBe(0);
    const busiest = await first(sql<{ request_no: number; request_part: string; n: number | string }>`
      SELECT r.request_no, r.request_part, COUNT(x.id) AS n FROM curation_sample_request r
      JOIN curation_sample x ON x.sample_request_id = r.id
      GROUP BY r.request_no, r.request_part ORDER BY COUNT(x.id) DESC LIMIT 1`);
    expect(Number(busiest.n)).toBeGreaterThan(0);
    const query = `requestNo=${String(busiest.request_no)}&requestPart=${busiest.request_part}`;
    const csv = await app.inject({ url: `/api/v1/widgets/download-samples-as-csv?${query}`, headers: admin });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(Number(busiest.n) + 1);
  });

  it('refuses to generate into tables that already hold records, changing nothing', async () => {
    const before = await count('curation_sample');
    await expect(generateDemoData(database.db, dialect, { samples: 10 })).rejects.toThrow(
      new DemoDataError(
        'The database already holds records in contact_person: demo data is generated into empty drilling tables only. Use a new database.',
      ),
    );
    expect(await count('curation_sample')).toBe(before);
  });
});

describe.each(DIALECTS)('MDIS_SEED=demo on a new database (%s)', (dialect) => {
  it('seeds the drilling model, the demo data and the administrator', async () => {
    const database = await createTestDatabase(dialect);
    try {
      await migrateToLatest(database.db);
      const config = testConfig({ database: database.config, dataDir: database.dataDir, seed: 'demo' });
      expect((await seedDatabase(database, config)).firstStart).toBe(true);
      const samples = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM curation_sample`.execute(database.db);
      expect(Number(samples.rows[0]?.n)).toBe(DEMO_SAMPLES);
      // A second start leaves the database alone.
      expect((await seedDatabase(database, config)).firstStart).toBe(false);
    } finally {
      await database.destroy();
    }
  });
});
