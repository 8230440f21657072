import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import type { Dialect } from '../../src/infra/db/dialect';
import { migrateToLatest } from '../../src/infra/db/migrate';
import { seedDatabase } from '../../src/seed/seed';
import { multipart } from '../files-fixture';
import { signedInUser } from './factories';
import { testConfig } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

type Row = Record<string, unknown>;

export interface DrillingApp {
  database: TestDatabase;
  app: FastifyInstance;
  /** Headers of a signed-in administrator. */
  admin: Record<string, string>;
  /** POST through the form API as the administrator; anything but 201 fails the test. */
  create(form: string, payload: Row): Promise<Row>;
  close(): Promise<void>;
}

/** A new database with the seeded drilling model, the app on it, and an administrator. */
export async function startDrillingApp(dialect: Dialect): Promise<DrillingApp> {
  const database = await createTestDatabase(dialect);
  await migrateToLatest(database.db);
  const config = testConfig({ database: database.config, dataDir: database.dataDir });
  await seedDatabase(database, config);
  const app = await buildApp(config, { database });
  const admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
  return {
    database,
    app,
    admin,
    async create(form, payload) {
      const response = await app.inject({ method: 'POST', url: `/api/v1/form?name=${form}`, payload, headers: admin });
      expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
      return response.json<Row>();
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** Program ICDP → expedition 5065 (GRIND) → site 1 → hole A, written through the form API. */
export async function createHoleChain(create: DrillingApp['create']) {
  const program = await create('program', { program: 'ICDP', name: 'International Continental Drilling Program' });
  const expedition = await create('expedition', {
    program_id: program.id,
    expedition: '5065',
    exp_name: 'Test Expedition',
    exp_acronym: 'GRIND',
    chief_scientists: ['AM'],
    contact: 'Anna Meyer',
    start_date: '2024-05-01',
  });
  const site = await create('site', { expedition_id: expedition.id, site: '1' });
  const hole = await create('hole', { site_id: site.id, hole: 'A', start_date: '2024-05-02' });
  return { program, expedition, site, hole };
}

/**
 * Core 1 (drillers' top `drillersTop`, 3 m drilled, 2.7 m recovered) → section 1 (0.9 m) under the
 * hole, and the split the behaviors create for the section (its id and combined id).
 */
export async function createSplitChain(drilling: DrillingApp, holeId: unknown, drillersTop: number) {
  const core = await drilling.create('core', {
    hole_id: holeId,
    core: 1,
    core_ondeck: '2024-05-03T10:00:00Z',
    drillers_top_depth: drillersTop,
    drilled_length: 3,
    core_recovery: 2.7,
  });
  const section = await drilling.create('section', {
    core_id: core.id,
    section: 1,
    section_length: 0.9,
    curated_length: 0.9,
  });
  const split = await (drilling.database.db as unknown as Kysely<Record<string, Row>>)
    .selectFrom('curation_section_split')
    .select(['id', 'combined_id'])
    .where('section_id', '=', section.id)
    .executeTakeFirstOrThrow();
  return { core, section, split };
}

/** `POST api/v1/import/{step}` (preview or commit) of a CSV into `form` as the administrator. */
export function postCsvImport(
  { app, admin }: Pick<DrillingApp, 'app' | 'admin'>,
  step: 'preview' | 'commit',
  form: string,
  csv: string,
  type = 'application/octet-stream',
) {
  const body = multipart([
    { name: 'form', value: form },
    { name: 'file', filename: `${form}s.csv`, type, data: Buffer.from(csv) },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/import/${step}`,
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
}

/** `POST api/v1/import/commit` of a CSV into `form` as the administrator; anything but 200 fails the test. */
export async function commitCsvImport(
  target: Pick<DrillingApp, 'app' | 'admin'>,
  form: string,
  csv: string,
  type = 'application/octet-stream',
) {
  const response = await postCsvImport(target, 'commit', form, csv, type);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}
