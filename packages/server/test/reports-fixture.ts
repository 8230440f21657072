import { SESSION_COOKIE } from '@mdis/shared';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import type { Dialect } from '../src/infra/db/dialect';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDatabase } from '../src/seed/seed';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

export type Row = Record<string, unknown>;
export type Headers = Record<string, string>;

/**
 * The seeded drilling model with two expeditions written through the form API, as an operator
 * would: 5065 (hole A with cores 1 and 2, two sections each, a sample) and 5066 (one core).
 */
export async function reportsFixture(dialect: Dialect) {
  const database: TestDatabase = await createTestDatabase(dialect);
  await migrateToLatest(database.db);
  const config = testConfig({ database: database.config, dataDir: database.dataDir });
  await seedDatabase(database, config);
  const app = await buildApp(config, { database });
  const adminUser = await signedInUser(app, database.db, { roles: ['administrator'] });
  const admin = adminUser.headers;

  async function create(form: string, payload: Row): Promise<Row> {
    const response = await app.inject({ method: 'POST', url: `/api/v1/form?name=${form}`, payload, headers: admin });
    expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
    return response.json<Row>();
  }
  async function list(form: string, query: string): Promise<Row[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/form?name=${form}&per-page=-1&${query}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Row[] }>().items;
  }

  const program = await create('program', { program: 'ICDP', name: 'International Continental Drilling Program' });
  async function expedition(code: string, acronym: string) {
    const exp = await create('expedition', {
      program_id: program.id,
      expedition: code,
      exp_name: `Expedition ${acronym}`,
      exp_acronym: acronym,
      chief_scientists: ['AM'],
      contact: 'Anna Meyer',
      start_date: '2024-05-01',
    });
    const site = await create('site', { expedition_id: exp.id, site: '1' });
    const hole = await create('hole', { site_id: site.id, hole: 'A', start_date: '2024-05-02' });
    return { exp, site, hole };
  }
  async function core(holeId: unknown, number: number, top: number) {
    const row = await create('core', {
      hole_id: holeId,
      core: number,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: top,
      drilled_length: 3,
      core_recovery: 2.5,
      core_type: 'R',
    });
    const sections = [];
    for (const section of [1, 2]) {
      sections.push(await create('section', { core_id: row.id, section, section_length: 1.2, curated_length: 1.2 }));
    }
    return { core: row, sections };
  }

  const grind = await expedition('5065', 'GRIND');
  const other = await expedition('5066', 'OTHER');
  const core1 = await core(grind.hole.id, 1, 100);
  const core2 = await core(grind.hole.id, 2, 103);
  const otherCore = await core(other.hole.id, 1, 50);
  const [wholeRound] = await list('split', `filter[section_id]==${String(core1.sections[0].id)}`);
  const sample = await create('sample', {
    section_split_id: wholeRound.id,
    top: 10,
    sample_length: 5,
    sample_material: 'rock',
  });

  const cookie = (headers: Headers): Headers => ({
    cookie: `${SESSION_COOKIE}=${headers.authorization.replace(/^Bearer /, '')}`,
  });

  return {
    app,
    database,
    admin,
    adminCookie: cookie(admin),
    cookie,
    create,
    list,
    grind,
    other,
    core1,
    core2,
    otherCore,
    wholeRound,
    sample,
    user: (roles: string[], permissions: string[] = []) =>
      signedInUser(app, database.db, { roles: roles as never, permissions }).then((u) => u.headers),
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

export type ReportsFixture = Awaited<ReturnType<typeof reportsFixture>>;
