import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/infra/db/dialect';
import { DIALECTS } from './helpers/dialects';
import { buildUser } from './helpers/factories';
import { type TwoExpeditions, startTwoExpeditions } from './helpers/two-expeditions';
import { multipart } from './files-fixture';

// Issue 20 item 1: `npm run import` as a user runs it, a child process on the test's database,
// through the same import service as the API.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** DATABASE_URL of a test database: the SQLite file, or the PostgreSQL URL with the test's schema. */
function databaseUrl(config: DatabaseConfig): string {
  if (config.dialect === 'sqlite') return config.filename;
  const url = new URL(config.connectionString);
  if (config.searchPath) url.searchParams.set('options', `-c search_path=${config.searchPath}`);
  return url.toString();
}

function cli(args: string[], config: DatabaseConfig, dataDir: string): Promise<Run> {
  return new Promise((resolve) => {
    const { STORAGE_URL: _storage, INIT_CWD: _cwd, ...rest } = process.env;
    const env = { ...rest, DATABASE_URL: databaseUrl(config), MDIS_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    execFile(
      process.execPath,
      ['--import', 'tsx', 'packages/server/scripts/import.ts', ...args],
      { cwd: ROOT, env, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

type Row = Record<string, unknown>;

describe.each(DIALECTS)('npm run import (%s)', (dialect) => {
  let t: TwoExpeditions;
  let run: (args: string[]) => Promise<Run>;
  beforeAll(async () => {
    t = await startTwoExpeditions(dialect);
    run = (args) => cli(args, t.database.config, t.database.dataDir);
  }, 120_000);
  afterAll(() => t.close());

  const file = (name: string, text: string) => {
    const path = join(t.database.dataDir, name);
    writeFileSync(path, text);
    return path;
  };
  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/form?name=sample&${query}`, headers: t.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Row[] }>().items;
  };
  const ownSamples = () => list(`filter[section_split_id]==${String(t.own.split.id)}&per-page=-1&sort=id`);

  it('explains its usage (exit 2) and names an unknown user', async () => {
    const usage = await run(['--file', 'x.csv']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--form must name the form to import into (e.g. sample).');
    expect(usage.stderr).toContain('Usage: npm run import -- --form <form> --file');
    const path = file('one.csv', 'top\n1\n');
    const nobody = await run(['--form', 'sample', '--file', path, '--user', 'nobody']);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain("--user: there is no user 'nobody'.");
  }, 120_000);

  it('--dry-run previews: prints the counts and the failing rows as CSV, exits 1, writes nothing', async () => {
    const split = String(t.own.split.combined_id);
    const path = file('dry.csv', `Section Split ID,Top [m],Sample Length (cm)\n${split},40,5\n${split},abc,5\n`);
    const before = await ownSamples();
    const result = await run(['--form', 'sample', '--file', path, '--dry-run']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain("Previewing dry.csv into the form 'sample' (insert) as the system");
    expect(result.stdout).toContain('2 rows: 1 new, 0 updated, 0 unchanged, 1 with errors. Nothing was written.');
    const csv = result.stdout.slice(result.stdout.indexOf('Section Split ID,')).trimEnd().split('\r\n');
    expect(csv[0]).toBe('Section Split ID,Top [m],Sample Length (cm),error');
    expect(csv.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${split},abc,5,.*Top`)) as unknown]);
    expect(await ownSamples()).toHaveLength(before.length);
  }, 120_000);

  it('commits every row as the system, prints the counts and the batch its records are listed by', async () => {
    const split = String(t.own.split.combined_id);
    const path = file('samples.csv', `Section Split ID;Top [m];Sample Length (cm)\n${split};41;5\n${split};42;5\n`);
    const before = await ownSamples();
    const result = await run(['--form', 'sample', '--file', path]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/2 rows: 2 new, 0 updated, 0 unchanged, 0 with errors\. Written in [\d.]+ s/);
    const batch = /Batch ([0-9a-f-]{36}): the form lists these records with \?filter=batch:\1/.exec(result.stdout)?.[1];
    expect(batch, result.stdout).toBeDefined();
    const after = await ownSamples();
    expect(after).toHaveLength(before.length + 2);
    const imported = await list(`batch=${String(batch)}&sort=id`);
    expect(imported.map((sample) => sample.top)).toEqual([41, 42]);
    const audit = await t.app.inject({ method: 'GET', url: `/api/v1/audit?batch=${String(batch)}`, headers: t.admin });
    expect(audit.body).toContain('npm run import');
  }, 120_000);

  it("refuses what the API refuses in the files form: a file name with a path (the file storage's rule)", async () => {
    const csv = 'type,original_filename,filename,upload_date\nPH,a.pdf,../a.pdf,2024-05-01T00:00:00Z\n';
    const path = file('files.csv', csv);
    const result = await run(['--form', 'files', '--file', path, '--dry-run']);
    expect(result.stdout).toContain("File name may not contain '/', '\\' or '..', nor start with a dot.");
    const body = multipart([
      { name: 'form', value: 'files' },
      { name: 'file', filename: 'files.csv', type: 'text/csv', data: Buffer.from(csv) },
    ]);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import/preview',
      headers: { ...t.admin, ...body.headers },
      payload: body.payload,
    });
    expect(api.json<{ errors: { message: string }[] }>().errors.map((e) => e.message)).toContain(
      "File name may not contain '/', '\\' or '..', nor start with a dot.",
    );
  }, 120_000);

  it("--user imports with that user's rights: a limited editor's foreign row fails, nothing is written", async () => {
    const user = await buildUser(t.database.db, { roles: [], permissions: ['records:5065:edit'] });
    const path = file(
      'mixed.csv',
      `section_split_id,top,sample_length\n${String(t.own.split.combined_id)},43,1\n${String(t.foreign.split.combined_id)},43,1\n`,
    );
    const before = await ownSamples();
    const result = await run(['--form', 'sample', '--file', path, '--user', user.username, '--mode', 'insert']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain(`as ${user.username}`);
    expect(result.stdout).toContain('2 rows: 1 new, 0 updated, 0 unchanged, 1 with errors. Nothing was written.');
    expect(result.stdout).toMatch(/not allowed/);
    expect(await ownSamples()).toHaveLength(before.length);
  }, 120_000);
});
