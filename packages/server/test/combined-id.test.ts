import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

type Row = Record<string, unknown>;

/** Records the SQL of every statement the app runs, to see that a recompute is set-based. */
function statementRecorder(statements: string[], compile: (node: never, id: never) => { sql: string }): KyselyPlugin {
  return {
    transformQuery(args) {
      statements.push(compile(args.node as never, args.queryId as never).sql);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
}

describe.each(DIALECTS)('combined ids on the drilling model (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  const statements: string[] = [];
  let program: Row;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    const executor = database.db.getExecutor();
    const recorded = database.db.withPlugin(
      statementRecorder(statements, (node, id) => executor.compileQuery(node, id)),
    );
    app = await buildApp(config, { database: { ...database, db: recorded } });
    admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
    program = await create('program', { program: 'ICDP', name: 'International Continental Drilling Program' });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  async function create(form: string, payload: Row): Promise<Row> {
    const response = await app.inject({ method: 'POST', url: `/api/v1/form?name=${form}`, payload, headers: admin });
    expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
    return response.json<Row>();
  }
  async function update(form: string, id: unknown, payload: Row): Promise<Row> {
    const url = `/api/v1/form/${String(id)}?name=${form}`;
    const response = await app.inject({ method: 'PUT', url, payload, headers: admin });
    expect(response.statusCode, `${form}: ${response.body}`).toBe(200);
    return response.json<Row>();
  }
  async function combinedIdOf(form: string, record: Row): Promise<unknown> {
    const url = `/api/v1/form/${String(record.id)}?name=${form}`;
    const response = await app.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Row>().combined_id;
  }

  interface Chain {
    expedition: Row;
    site: Row;
    hole: Row;
    core: Row;
    section: Row;
    split: Row;
  }

  /** expedition `code` → site 1 → hole A → core 1 → section 1 → split WR, each through its form. */
  async function createChain(code: string): Promise<Chain> {
    const expedition = await create('expedition', {
      program_id: program.id,
      expedition: code,
      exp_name: `Expedition ${code}`,
      exp_acronym: `X${code}`,
      chief_scientists: ['AM'],
      contact: 'Anna Meyer',
      start_date: '2024-05-01',
      // What a client sends here is never kept: the id is computed.
      combined_id: 'typed-by-hand',
    });
    const site = await create('site', { expedition_id: expedition.id, site: '1' });
    const hole = await create('hole', { site_id: site.id, hole: 'A', start_date: '2024-05-02' });
    const core = await create('core', {
      hole_id: hole.id,
      core: 1,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 0,
      drilled_length: 3,
    });
    const section = await create('section', { core_id: core.id, section: 1, section_length: 1 });
    // SplittableSection (a drilling behavior) creates the WR split with the section, when registered.
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/form?name=split&filter[section_id]=${String(section.id)}`,
      headers: admin,
    });
    const existing = listed.json<{ items: Row[] }>().items.find((s) => s.type === 'WR');
    const split = existing ?? (await create('split', { section_id: section.id, type: 'WR', percent: 100 }));
    return { expedition, site, hole, core, section, split };
  }

  describe('on insert', () => {
    let chain: Chain;
    beforeAll(async () => {
      chain = await createChain('5065');
    });

    it('builds 5065 → 5065_1 → 5065_1_A → 5065_1_A_001 → 5065_1_A_001_1 → 5065_1_A_001_1_WR', async () => {
      expect([
        chain.expedition.combined_id,
        chain.site.combined_id,
        chain.hole.combined_id,
        chain.core.combined_id,
        chain.section.combined_id,
        await combinedIdOf('split', chain.split),
      ]).toEqual(['5065', '5065_1', '5065_1_A', '5065_1_A_001', '5065_1_A_001_1', '5065_1_A_001_1_WR']);
    });

    it('names a sample by its id, a core box by its name and a sample request by its number', async () => {
      const sample = await create('sample', { section_split_id: chain.split.id, top: 10, sample_length: 5 });
      expect(sample.combined_id).toBe(`5065_1_A_001_1_WR_${String(sample.id)}`);
      const box = await create('corebox', { hole_id: chain.hole.id, corebox: '7' });
      // The stored name (the core box template may pad it to 007).
      expect(box.combined_id).toBe(`5065_1_A_${String(box.corebox)}`);
      const request = await create('sample-request', { expedition_id: chain.expedition.id, request_no: 3 });
      expect(request.combined_id).toBe('5065_3');
    });

    it('pads the core number to 3 digits, but not a longer one', async () => {
      const core = await create('core', {
        hole_id: chain.hole.id,
        core: 1234,
        core_ondeck: '2024-05-03T12:00:00Z',
        drilled_length: 1,
      });
      expect(core.combined_id).toBe('5065_1_A_1234');
    });

    it('keeps the combined id empty while the name is empty', async () => {
      const site = await create('site', { expedition_id: chain.expedition.id, site: 'S' });
      const box = await create('corebox', { hole_id: chain.hole.id, corebox: ' ' });
      expect([site.combined_id, box.combined_id]).toEqual(['5065_S', null]);
    });
  });

  describe('when an identifying value changes', () => {
    let chain: Chain;
    let sample: Row;
    let box: Row;
    let otherHole: Row;
    let otherCore: Row;
    beforeEach(async () => {
      const code = String(6000 + Math.floor(Math.random() * 3000));
      chain = await createChain(code);
      sample = await create('sample', { section_split_id: chain.split.id, top: 0, sample_length: 2 });
      box = await create('corebox', { hole_id: chain.hole.id, corebox: '1' });
      otherHole = await create('hole', { site_id: chain.site.id, hole: 'B', start_date: '2024-05-02' });
      otherCore = await create('core', {
        hole_id: otherHole.id,
        core: 1,
        core_ondeck: '2024-05-04T10:00:00Z',
        drilled_length: 2,
      });
    });

    const descendants = async (c: Chain) => [
      await combinedIdOf('core', c.core),
      await combinedIdOf('section', c.section),
      await combinedIdOf('split', c.split),
      await combinedIdOf('sample', sample),
      await combinedIdOf('corebox', box),
    ];

    it('renaming a hole recomputes every descendant, and only those', async () => {
      const code = String(chain.expedition.expedition);
      const renamed = await update('hole', chain.hole.id, { hole: 'X' });
      expect(renamed.combined_id).toBe(`${code}_1_X`);
      expect(await descendants(chain)).toEqual([
        `${code}_1_X_001`,
        `${code}_1_X_001_1`,
        `${code}_1_X_001_1_WR`,
        `${code}_1_X_001_1_WR_${String(sample.id)}`,
        `${code}_1_X_${String(box.corebox)}`,
      ]);
      expect(await combinedIdOf('core', otherCore)).toBe(`${code}_1_B_001`);
      const boxUrl = `/api/v1/form/${String(box.id)}?name=corebox`;
      const boxNow = (await app.inject({ method: 'GET', url: boxUrl, headers: admin })).json<Row>();
      expect(boxNow.corebox_combined_id).toBe(`${code}_1_X_CB${String(box.corebox)}`);
    });

    it('changing the expedition code recomputes down to the samples', async () => {
      const code = `${String(chain.expedition.expedition)}9`;
      await update('expedition', chain.expedition.id, { expedition: code });
      expect(await combinedIdOf('site', chain.site)).toBe(`${code}_1`);
      expect(await descendants(chain)).toEqual([
        `${code}_1_A_001`,
        `${code}_1_A_001_1`,
        `${code}_1_A_001_1_WR`,
        `${code}_1_A_001_1_WR_${String(sample.id)}`,
        `${code}_1_A_${String(box.corebox)}`,
      ]);
      expect(await combinedIdOf('core', otherCore)).toBe(`${code}_1_B_001`);
    });

    it('moving a core to another hole recomputes it and what it holds', async () => {
      const code = String(chain.expedition.expedition);
      const moved = await update('core', chain.core.id, { hole_id: otherHole.id, core: 2 });
      expect(moved.combined_id).toBe(`${code}_1_B_002`);
      expect((await descendants(chain)).slice(0, 4)).toEqual([
        `${code}_1_B_002`,
        `${code}_1_B_002_1`,
        `${code}_1_B_002_1_WR`,
        `${code}_1_B_002_1_WR_${String(sample.id)}`,
      ]);
    });

    it('updates each descendant table with one statement, however many records it holds', async () => {
      for (let core = 2; core <= 4; core++) {
        const created = await create('core', {
          hole_id: chain.hole.id,
          core,
          core_ondeck: '2024-05-03T10:00:00Z',
          drilled_length: 1,
        });
        for (let section = 1; section <= 2; section++) await create('section', { core_id: created.id, section });
      }
      statements.length = 0;
      await update('hole', chain.hole.id, { hole: 'Y' });
      const updatesOf = (table: string) =>
        statements.filter((s) => new RegExp(`^update "${table}"`, 'i').test(s.trim())).length;
      expect([updatesOf('core_core'), updatesOf('core_section'), updatesOf('curation_section_split')]).toEqual([
        1, 1, 1,
      ]);
      const code = String(chain.expedition.expedition);
      expect(await combinedIdOf('section', chain.section)).toBe(`${code}_1_Y_001_1`);
    });

    it('refuses a rename onto a taken name with 422 and changes no descendant', async () => {
      const code = String(chain.expedition.expedition);
      const url = `/api/v1/form/${String(chain.hole.id)}?name=hole`;
      const response = await app.inject({ method: 'PUT', url, payload: { hole: 'B' }, headers: admin });
      expect(response.statusCode).toBe(422);
      expect(await combinedIdOf('hole', chain.hole)).toBe(`${code}_1_A`);
      expect(await combinedIdOf('section', chain.section)).toBe(`${code}_1_A_001_1`);
    });

    it('leaves the descendants alone when nothing identifying changed', async () => {
      statements.length = 0;
      await update('hole', chain.hole.id, { hole_name: 'renamed only by its long name' });
      expect(statements.filter((s) => /^update "core_core"/i.test(s.trim()))).toEqual([]);
    });
  });
});
