import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../src/app';
import { DRILLING_IGSN_ANCESTORS } from '../src/modules/drilling/igsn-ancestors';
import { backfillIgsns, type IgsnBackfillOptions } from '../src/modules/igsn/igsn-backfill';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { createHoleChain, type DrillingApp, startDrillingApp } from './helpers/drilling-app';
import { signedInUser } from './helpers/factories';
import type { TestDatabase } from './helpers/test-database';

type Row = Record<string, unknown>;

const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The IGSN console routine on records that did not come through the API: rows written straight
 * into the tables (an import), as a bulk load would.
 */
describe.each(DIALECTS)('IGSN back-fill (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  let hole: Row;
  let fixture: DrillingApp;
  let core: Row;

  beforeAll(async () => {
    fixture = await startDrillingApp(dialect);
    ({ database, app, admin } = fixture);
    ({ hole } = await createHoleChain(create));
    core = await create('core', { hole_id: hole.id, core: 1, core_ondeck: '2024-05-03T10:00:00Z', drilled_length: 1 });
  });

  afterAll(() => fixture.close());

  async function create(form: string, payload: Row): Promise<Row> {
    const response = await app.inject({ method: 'POST', url: `/api/v1/form?name=${form}`, payload, headers: admin });
    expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
    return response.json<Row>();
  }

  /** Inserts cores straight into the table, like an import: no behaviors run. */
  let nextCore = 100;
  async function importCores(igsns: (string | null)[]): Promise<number[]> {
    const ids: number[] = [];
    for (const igsn of igsns) {
      nextCore += 1;
      const row = await sql<{ id: number }>`
        INSERT INTO core_core (hole_id, core, core_ondeck, drilled_length, igsn)
        VALUES (${hole.id}, ${nextCore}, '2024-05-05T10:00:00Z', 1, ${igsn}) RETURNING id`.execute(database.db);
      ids.push(row.rows[0].id);
    }
    return ids;
  }

  /** The back-fill as `npm run igsn:backfill` runs it: told which drilling models hold the codes. */
  const backfill = (options: IgsnBackfillOptions = {}) =>
    backfillIgsns(database.db, createTemplateStore(database.db), { defaults: DRILLING_IGSN_ANCESTORS, ...options });

  const igsnOf = async (id: number) =>
    (await sql<{ igsn: string | null }>`SELECT igsn FROM core_core WHERE id = ${id}`.execute(database.db)).rows[0]
      ?.igsn;

  const registered = async (igsn: string) =>
    (await sql<Row>`SELECT data_model, model_id FROM igsn_registry WHERE igsn = ${igsn}`.execute(database.db)).rows.map(
      (row) => ({ ...row, model_id: Number(row.model_id) }),
    );

  it('registers stored IGSNs, generates missing ones, gives a cleared one back, and reports what it refuses', async () => {
    const [tagged, empty, entered, taken, invalid] = await importCores([
      'C',
      null,
      'imported-0001',
      'ICDP5065EC10001',
      'a b',
    ]);
    // Core 1 (through the API) lost its stored IGSN; the registry still knows it.
    await sql`UPDATE core_core SET igsn = NULL WHERE id = ${core.id}`.execute(database.db);

    const results = await backfill({ pageSize: 2 });

    const cores = results.find((result) => result.model === 'CoreCore');
    expect(cores).toEqual({
      model: 'CoreCore',
      registered: 1,
      generated: 3,
      problems: [
        `CoreCore ${String(taken)}: ICDP5065EC10001 is registered for CoreCore ${String(core.id)}.`,
        `CoreCore ${String(invalid)}: "a b" is not a valid IGSN: use 2 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit.`,
      ],
    });
    expect(results.map((result) => result.model)).toEqual([
      'CoreCore',
      'CurationCuttings',
      'CurationSample',
      'CurationSectionSplit',
      'ProjectHole',
    ]);
    expect(await igsnOf(Number(core.id))).toBe('ICDP5065EC10001');
    const number = (tagged + 36 ** 4).toString(36).toUpperCase().split('').reverse().join('');
    expect(await igsnOf(tagged)).toBe(`ICDP5065EC${number}`);
    expect(await igsnOf(empty)).toMatch(/^ICDP5065EC[0-9A-Z]{5}$/);
    expect(await registered(String(await igsnOf(empty)))).toEqual([{ data_model: 'CoreCore', model_id: empty }]);
    expect(await registered('IMPORTED-0001')).toEqual([{ data_model: 'CoreCore', model_id: entered }]);
    // Refused rows stay as they were.
    expect(await igsnOf(taken)).toBe('ICDP5065EC10001');
    expect(await igsnOf(invalid)).toBe('a b');
  });

  it('changes nothing when run again, but reports the refused rows again', async () => {
    const before = await sql`SELECT igsn, data_model, model_id FROM igsn_registry ORDER BY igsn`.execute(database.db);
    const results = await backfill();
    expect(results.map((r) => [r.model, r.registered, r.generated, r.problems.length])).toEqual([
      ['CoreCore', 0, 0, 2],
      ['CurationCuttings', 0, 0, 0],
      ['CurationSample', 0, 0, 0],
      ['CurationSectionSplit', 0, 0, 0],
      ['ProjectHole', 0, 0, 0],
    ]);
    const after = await sql`SELECT igsn, data_model, model_id FROM igsn_registry ORDER BY igsn`.execute(database.db);
    expect(after.rows).toEqual(before.rows);
  });

  it('continues the fixed_prefix sequence and refuses to run with saving to the registry off', async () => {
    const developer = (await signedInUser(app, database.db, { roles: ['developer'] })).headers;
    const setConfig = async (values: Row) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/app/config',
        payload: values,
        headers: developer,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await setConfig({ 'igsn.method': 'fixed_prefix', 'igsn.prefix': 'BF', 'igsn.variable-part-length': 3 });
    try {
      const ids = await importCores(['C', 'C', 'C']);
      await backfill({ pageSize: 2 });
      expect(await Promise.all(ids.map(igsnOf))).toEqual(['BF001', 'BF002', 'BF003']);
      await setConfig({ 'igsn.save-to-database': false });
      await expect(backfill()).rejects.toThrow(
        'IGSNs cannot be issued while saving issued IGSNs is disabled (igsn.save-to-database).',
      );
    } finally {
      await setConfig({
        'igsn.method': null,
        'igsn.prefix': null,
        'igsn.variable-part-length': null,
        'igsn.save-to-database': null,
      });
    }
  });

  it('takes every code from the app config when no domain names the ancestors', async () => {
    const [id] = await importCores([null]);
    await backfillIgsns(database.db, createTemplateStore(database.db));
    // The hole chain's expedition is 5065; the configured default expedition is 5063.
    expect(await igsnOf(id)).toMatch(/^ICDP5063EC[0-9A-Z]{5}$/);
  });

  it.runIf(dialect === 'sqlite')(
    'runs as `npm run igsn:backfill -- --database-url FILE`',
    async () => {
      const [id] = await importCores([null]);
      if (database.config.dialect !== 'sqlite') throw new Error('a SQLite file is needed');
      const run = promisify(execFile)(
        'npm',
        ['run', '--silent', 'igsn:backfill', '--', '--database-url', database.config.filename],
        {
          cwd: REPOSITORY_ROOT,
        },
      );
      // The refused rows of the first test are reported again: exit code 1.
      const failed = await run.then(
        () => undefined,
        (error: unknown) => error as { code: number; stdout: string },
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toContain('CoreCore: 0 registered, 1 generated\n');
      expect(failed?.stdout).toContain('  ! CoreCore ');
      expect(await igsnOf(id)).toMatch(/^ICDP5065EC[0-9A-Z]{5}$/);
    },
    30_000,
  );
});
