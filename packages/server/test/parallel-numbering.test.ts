import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DIALECTS } from './helpers/dialects';
import { createHoleChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';

type Row = Record<string, unknown>;

const PARALLEL = 30;

/**
 * Issue 16 finding 4: creates that auto-number (core numbers, hole letters, combined ids, IGSNs)
 * sent all at once must all succeed with distinct values. On PostgreSQL two app instances share
 * one database, as behind a load balancer; SQLite runs one instance.
 */
describe.each(DIALECTS)('parallel creates that auto-number (%s)', (dialect) => {
  let fixture: DrillingApp;
  let instances: FastifyInstance[];
  let chain: Awaited<ReturnType<typeof createHoleChain>>;

  beforeAll(async () => {
    fixture = await startDrillingApp(dialect);
    chain = await createHoleChain((form, payload) => fixture.create(form, payload));
    instances = [fixture.app];
    if (dialect === 'postgres') {
      const { config, dataDir } = fixture.database;
      instances.push(await buildApp(testConfig({ database: config, dataDir })));
    }
  });

  afterAll(async () => {
    for (const instance of instances.slice(1)) await instance.close();
    await fixture.close();
  });

  /** `count` POSTs at once, spread over the instances; every answer's status and body. */
  async function createAll(form: string, count: number, payload: (i: number) => Row) {
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        instances[i % instances.length].inject({
          method: 'POST',
          url: `/api/v1/form?name=${form}`,
          headers: fixture.admin,
          payload: payload(i),
        }),
      ),
    );
    return responses.map((r) => ({ status: r.statusCode, body: r.json<Row>() }));
  }

  async function list(query: string): Promise<Row[]> {
    const url = `/api/v1/form?name=${query}&per-page=-1`;
    const response = await fixture.app.inject({ method: 'GET', url, headers: fixture.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Row[] }>().items;
  }

  const distinct = (rows: Row[], column: string) => new Set(rows.map((row) => row[column])).size;

  const newCore = () => ({
    hole_id: chain.hole.id,
    core_ondeck: '2024-05-03T10:00:00Z',
    drillers_top_depth: 100,
    drilled_length: 3,
    core_recovery: 2.7,
    section_count: 3,
  });

  it(`numbers ${String(PARALLEL)} cores of one hole created at once 1…${String(PARALLEL)}, each with its own IGSN`, async () => {
    const answers = await createAll('core', PARALLEL, newCore);
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    const cores = answers.map((a) => a.body);
    expect(cores.map((core) => Number(core.core)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: PARALLEL }, (_, i) => i + 1),
    );
    expect(distinct(cores, 'combined_id')).toBe(PARALLEL);
    expect(distinct(cores, 'igsn')).toBe(PARALLEL);
  });

  it('creates no more sections at once than the core allows, numbered 1…3', async () => {
    const core = await fixture.create('core', { ...newCore(), section_count: 3 });
    const answers = await createAll('section', 10, () => ({ core_id: core.id, section_length: 0.9 }));
    const created = answers.filter((a) => a.status === 201).map((a) => Number(a.body.section));
    expect(created.sort((a, b) => a - b)).toEqual([1, 2, 3]);
    // SiblingsLimitFromParent: every other one is refused with its 409, none with a 422 or 500.
    expect(answers.filter((a) => a.status !== 201).map((a) => a.status)).toEqual(Array.from({ length: 7 }, () => 409));
  });

  it('puts splits named into the same new core box at once into one box', async () => {
    const core = await fixture.create('core', { ...newCore(), section_count: 8 });
    for (let i = 0; i < 8; i++) await fixture.create('section', { core_id: core.id, section_length: 0.9 });
    const splits = await list(`split&filter[core_id]=${String(core.id)}`);
    expect(splits).toHaveLength(8);
    const answers = await Promise.all(
      splits.map((split, i) =>
        instances[i % instances.length].inject({
          method: 'PUT',
          url: `/api/v1/form/${String(split.id)}?name=split`,
          headers: fixture.admin,
          payload: { corebox_name: '55' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(splits.map(() => 200));
    const boxes = (await list(`corebox&filter[hole_id]=${String(chain.hole.id)}`)).filter((b) => b.corebox === '055');
    expect(boxes).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json<Row>().corebox_id))).toEqual(new Set([boxes[0]?.id]));
  });

  it(`gives ${String(PARALLEL)} holes of one site created at once distinct letters`, async () => {
    const answers = await createAll('hole', PARALLEL, () => ({ site_id: chain.site.id, start_date: '2024-05-02' }));
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    const holes = answers.map((a) => a.body);
    // Hole A exists already: the new ones are B … AE.
    expect(distinct(holes, 'hole')).toBe(PARALLEL);
    expect(holes.map((hole) => hole.hole)).not.toContain('A');
    expect(distinct(holes, 'combined_id')).toBe(PARALLEL);
    expect(distinct(holes, 'igsn')).toBe(PARALLEL);
  });

  it(`issues ${String(PARALLEL)} consecutive fixed_prefix IGSNs to cores created at once`, async () => {
    const developer = (await signedInUser(fixture.app, fixture.database.db, { roles: ['developer'] })).headers;
    const settings = { 'igsn.method': 'fixed_prefix', 'igsn.prefix': 'PX', 'igsn.variable-part-length': 5 };
    const set = await fixture.app.inject({
      method: 'POST',
      url: '/api/v1/app/config',
      headers: developer,
      payload: settings,
    });
    expect(set.statusCode, set.body).toBe(200);
    const answers = await createAll('core', PARALLEL, newCore);
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    expect(answers.map((a) => String(a.body.igsn)).sort()).toEqual(
      Array.from({ length: PARALLEL }, (_, i) => `PX${String(i + 1).padStart(5, '0')}`),
    );
  });
});
