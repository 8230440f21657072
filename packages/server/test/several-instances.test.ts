import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { ServerConfig } from '../src/config';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDrillingModel } from '../src/seed/drilling-model';
import { signedInUser } from './helpers/factories';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createClient, imageFixtures } from './files-fixture';

type Headers = Record<string, string>;
type Row = Record<string, unknown>;

/** The rule a developer writes into the generated hook module of CurationTray (on instance A's disk). */
const trayRule = (message: string) => `
export const hooks = {
  beforeCreate({ record, refuse }) {
    if (record.tray === 'forbidden') refuse('tray', ${JSON.stringify(message)});
    record.remarks = 'checked by the hook';
  },
};
`;

const tray = {
  module: 'Curation',
  name: 'Tray',
  parentModel: null,
  table: '',
  fullName: '',
  columns: {
    tray: { name: 'tray', type: 'string', size: 20, required: true, label: 'Tray' },
    remarks: { name: 'remarks', type: 'string', size: 40, label: 'Remarks' },
  },
  indices: {},
  relations: {},
  behaviors: [],
};
const field = (name: string, order: number) => ({
  name,
  label: name,
  group: '-',
  order,
  formInput: { type: 'text' },
  validators: [],
});

/**
 * Several instances behind a load balancer (issue 16): two apps, each with its own data folder and
 * its own connection pool, on one PostgreSQL schema and one S3-compatible bucket. What a developer
 * does on instance A (templates, generated files, an edited hook) and what a user uploads through A
 * is what instance B serves, without restarting B.
 */
const postgres = process.env.TEST_DATABASE_URL;
if (!postgres)
  console.warn('several-instances.test.ts skipped: it needs PostgreSQL (set TEST_DATABASE_URL=postgres://...)');

describe.skipIf(!postgres)('several instances on one PostgreSQL and one S3 bucket', () => {
  let database: TestDatabase;
  let s3: LocalS3;
  let configA: ServerConfig;
  let configB: ServerConfig;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let developer: Headers;
  let operator: Headers;

  const call = async (
    app: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Headers,
    payload?: object,
  ) => {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const type = String(response.headers['content-type'] ?? '');
    return { status: response.statusCode, body: (type.includes('json') ? response.json() : response.body) as Row };
  };
  const cg = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    call(app, method, `/cg/api/${url}`, developer, payload);
  const createTray = (app: FastifyInstance, values: Row) =>
    call(app, 'POST', '/api/v1/form?name=tray', developer, values);
  const formFields = async (app: FastifyInstance) =>
    ((await cg(app, 'GET', 'get-form-template?name=tray')).body.fields as Row[]).map((f) => f.name);
  const plannedFiles = async (app: FastifyInstance) =>
    (await cg(app, 'POST', 'view?id=dis-model', { Generator: { templateName: 'CurationTray' } })).body.files as Row[];
  /** Restarts instance A, as a developer does after editing a file in A's generated folder. */
  const restartA = async () => {
    await a.close();
    a = await buildApp(configA);
  };

  beforeAll(async () => {
    s3 = await startLocalS3('mdis-shared', 'files');
    database = await createTestDatabase('postgres');
    await migrateToLatest(database.db);
    await seedDrillingModel(database.db, 'postgres');
    const instance = (name: string) =>
      testConfig({
        database: database.config,
        dataDir: mkdtempSync(join(tmpdir(), `mdis-instance-${name}-`)),
        storage: { kind: 's3', ...s3.config },
      });
    configA = instance('a');
    configB = instance('b');
    // Each builds its own connection pool from the configuration, as two processes would.
    a = await buildApp(configA);
    b = await buildApp(configB);
    developer = (await signedInUser(a, database.db, { roles: ['developer'] })).headers;
    operator = (await signedInUser(a, database.db, { roles: ['operator'] })).headers;
  }, 120_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.destroy();
    await s3.stop();
    for (const config of [configA, configB]) rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('B serves the model and form made on A, and the form as A changed it', async () => {
    expect((await cg(a, 'POST', 'create-model', { template: tray })).status).toBe(201);
    expect((await cg(a, 'POST', 'create-model-table', { model: 'CurationTray' })).status).toBe(200);
    const form = { name: 'tray', dataModel: 'CurationTray', fields: [field('tray', 0)] };
    expect((await cg(a, 'POST', 'create-form', { template: form })).status).toBe(201);
    expect(await formFields(b)).toEqual(['tray']);
    expect((await createTray(b, { tray: 'T-0' })).status).toBe(201);

    const changed = { ...form, fields: [field('tray', 0), field('remarks', 1)] };
    expect((await cg(a, 'PUT', 'update-form?name=tray', { template: changed })).status).toBe(200);
    expect(await formFields(b)).toEqual(['tray', 'remarks']);
  });

  it('files generated on A are generated on B too: same skip state, same contents', async () => {
    const planned = await plannedFiles(a);
    const answers = Object.fromEntries(planned.map((f) => [String(f.id), true]));
    const generated = await cg(a, 'POST', 'view?id=dis-model', {
      Generator: { templateName: 'CurationTray' },
      generate: true,
      answers,
    });
    expect(generated.body).toMatchObject({ hasError: false });
    // A's folder holds the developer's copy.
    expect(readFileSync(join(configA.dataDir, 'generated/hooks/CurationTray.hooks.mjs'), 'utf8')).toContain(
      'export const hooks = {',
    );
    expect((await plannedFiles(b)).map((f) => f.operation)).toEqual(['skip', 'skip', 'skip', 'skip']);
    const hook = planned.find((f) => f.path === 'hooks/CurationTray.hooks.mjs');
    const diff = await cg(b, 'POST', `diff?id=dis-model&file=${String(hook?.id)}`, {
      Generator: { templateName: 'CurationTray' },
    });
    expect(diff.body).toBe('Identical');
  });

  it('B runs the hook a developer edited on A from its next request, without a restart', async () => {
    const hookFile = join(configA.dataDir, 'generated/hooks/CurationTray.hooks.mjs');
    writeFileSync(hookFile, trayRule('Tray forbidden is reserved.'));
    await restartA();
    const refused = await createTray(b, { tray: 'forbidden' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual([{ field: 'tray', message: 'Tray forbidden is reserved.' }]);
    const created = await createTray(b, { tray: 'T-1' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tray: 'T-1', remarks: 'checked by the hook' });

    // A second edit replaces the first on B as well.
    writeFileSync(hookFile, trayRule('Tray forbidden is still reserved.'));
    await restartA();
    expect((await createTray(b, { tray: 'forbidden' })).body).toEqual([
      { field: 'tray', message: 'Tray forbidden is still reserved.' },
    ]);
    expect((await createTray(a, { tray: 'forbidden' })).status).toBe(422);
  });

  it('B serves a file uploaded through A', async () => {
    const { jpeg } = await imageFixtures();
    const file = await createClient(a).uploaded('shared.jpg', jpeg, operator);
    const original = await b.inject({ url: `/files/original/${String(file.id)}`, headers: operator });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(jpeg)).toBe(true);
  });
});
