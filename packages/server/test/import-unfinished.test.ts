import { type ChildProcess, spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { runInTemplateScope } from '../src/engine/templates/template-store';
import { runAudited } from '../src/infra/db/audit-context';
import { UNFINISHED_STALE_MS, importStopped, removeUnfinishedImports } from '../src/modules/import/unfinished-imports';
import { samplesCsv, sqliteWithReader } from './helpers/import-samples';
import { testConfig } from './helpers/test-app';

// Issue 20, all rows or none across a crash: a SQLite commit runs in transactions of its own, so a
// process stopped part-way left the kept ones' rows behind. The import is listed as unfinished from its
// first kept transaction on, and the next start (server or command line) removes what it created.
// What other readers see is read through a second connection; the crash is a real `npm run import`
// killed with SIGKILL.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Entry {
  batch_id: string;
  table_name: string;
  pid: number;
}

const silent = { info: () => undefined, warn: () => undefined };

describe('an import stopped part-way is removed at the next start (SQLite)', () => {
  /** The setup, and what another connection sees (committed state only). */
  const sqlite = sqliteWithReader();
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    child = undefined;
  });

  const listed = () =>
    sqlite.reader.prepare('SELECT batch_id, table_name, pid FROM unfinished_imports').all() as Entry[];
  const stored = () => (sqlite.reader.prepare(`SELECT count(*) AS n FROM curation_sample`).get() as { n: number }).n;
  const list = (value: Entry) =>
    sqlite.setup.t.database.db
      .insertInto('unfinished_imports')
      .values({ ...value, host: hostname(), started_at: new Date().toISOString(), seen_at: new Date().toISOString() })
      .execute();

  const commit = (count: number, extra: string[], onBatch: () => void) => {
    const request = sqlite.setup.request('samples.csv', samplesCsv(sqlite.setup.chain, count, extra));
    return runAudited({ userId: request.user.id ?? undefined, route: 'test' }, () =>
      runInTemplateScope(() => sqlite.setup.imports(false, { transactionMs: 0 }).commit(request, onBatch)),
    );
  };

  it('is listed while it commits in parts, and struck off when it is kept or removed', async () => {
    const rows = stored();
    const seen: number[] = [];
    const kept = await commit(2_500, [], () => seen.push(listed().length));
    expect(kept.ok).toBe(true);
    // Each batch in a transaction of its own: from the second on, the first's listing is committed.
    expect(seen).toEqual([0, 1, 1]);
    expect(listed()).toEqual([]);
    expect(stored()).toBe(rows + 2_500);

    seen.length = 0;
    const refused = await commit(2_400, ['5065_9_Z_999_9_XX,1,1,ROCK,,,unknown split'], () =>
      seen.push(listed().length),
    );
    expect(refused.ok).toBe(false);
    expect(seen).toEqual([0, 1, 1]);
    expect(listed()).toEqual([]);
    expect(stored()).toBe(rows + 2_500);
  }, 120_000);

  /** `npm run import` of the sample CSV with `count` rows (killed part-way unless it is short). */
  const runCli = (name: string, count: number, args: string[] = []) => {
    const { database } = sqlite.setup.t;
    if (database.config.dialect !== 'sqlite') throw new Error('a SQLite database was asked for');
    const file = join(database.dataDir, name);
    writeFileSync(file, samplesCsv(sqlite.setup.chain, count));
    const { STORAGE_URL: _storage, INIT_CWD: _cwd, ...rest } = process.env;
    const env = {
      ...rest,
      DATABASE_URL: database.config.filename,
      MDIS_DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
    };
    const running = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/server/scripts/import.ts', '--form', 'sample', '--file', file, ...args],
      { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = running;
    let stderr = '';
    running.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<string>((resolve) => running.once('close', () => resolve(stderr)));
    return { running, exited };
  };

  /** An import of 60,000 samples by the command line, killed once a transaction of it is committed. */
  const killedImport = async (rows: number) => {
    const { running, exited } = runCli('many.csv', 60_000);
    const deadline = Date.now() + 90_000;
    while (!(listed().length === 1 && stored() > rows)) {
      if (running.exitCode !== null || Date.now() > deadline) throw new Error('the import ended before it was killed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    running.kill('SIGKILL');
    await exited;
    const [entry] = listed();
    expect(entry).toMatchObject({ table_name: sqlite.setup.sampleTable, pid: running.pid });
    expect(stored()).toBeGreaterThan(rows);
    return entry;
  };

  it('`npm run import` killed part-way: the next server start removes the rows it kept', async () => {
    const { database } = sqlite.setup.t;
    const rows = stored();
    const entry = await killedImport(rows);

    const next = await buildApp(testConfig({ database: database.config, dataDir: database.dataDir }), { database });
    await next.close();

    expect(stored()).toBe(rows);
    expect(listed()).toEqual([]);
    // Their removal is in the history as any deletion, apart from the import's batch.
    const history = sqlite.reader
      .prepare(
        `SELECT action, count(*) AS n FROM record_history WHERE table_name = ? AND record_id IN
        (SELECT record_id FROM record_history WHERE batch_id = ? AND action = 'create') GROUP BY action ORDER BY action`,
      )
      .all(sqlite.setup.sampleTable, entry.batch_id) as { action: string; n: number }[];
    expect(history.map((row) => row.action)).toEqual(['create', 'delete']);
    expect(history[0].n).toBe(history[1].n);
  }, 150_000);

  it('`npm run import` killed part-way: the next command line removes the rows it kept, and says so', async () => {
    const rows = stored();
    const entry = await killedImport(rows);
    const kept = stored() - rows;

    const { exited } = runCli('one.csv', 1, ['--dry-run']);
    const stderr = await exited;

    expect(stderr).toContain(
      `Removed the ${kept.toLocaleString('en-US')} records of an earlier import that did not finish (batch ${entry.batch_id}).`,
    );
    expect(stored()).toBe(rows);
    expect(listed()).toEqual([]);
  }, 150_000);

  it('leaves an import whose process still runs, and removes it once that process has stopped', async () => {
    const { db } = sqlite.setup.t.database;
    const rows = stored();
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    child = alive;
    const exited = new Promise<void>((resolve) => alive.once('exit', () => resolve()));
    if (alive.pid === undefined) throw new Error('no child process');
    // What a running import has written so far: one kept transaction's record (its history's batch) and its listing.
    const sample = await sqlite.setup.t.create('sample', { section_split_id: sqlite.setup.chain.splits[0].id, top: 1 });
    const { batchId } = sqlite.reader
      .prepare(
        `SELECT batch_id AS batchId FROM record_history WHERE table_name = ? AND record_id = ? AND action = 'create'`,
      )
      .get(sqlite.setup.sampleTable, sample.id) as { batchId: string };
    await list({ batch_id: batchId, table_name: sqlite.setup.sampleTable, pid: alive.pid });
    expect(stored()).toBe(rows + 1);

    expect(await removeUnfinishedImports(db, silent)).toEqual([]);
    expect(listed()).toHaveLength(1);
    expect(stored()).toBe(rows + 1);

    alive.kill('SIGKILL');
    await exited;
    expect(await removeUnfinishedImports(db, silent)).toEqual([
      { batchId, table: sqlite.setup.sampleTable, removed: 1 },
    ]);
    expect(listed()).toEqual([]);
    expect(stored()).toBe(rows);
  }, 60_000);

  it('counts an import as stopped when its process is this one, or is gone, or was not heard of for long', () => {
    const fresh = new Date().toISOString();
    expect(importStopped({ host: hostname(), pid: process.pid, seen_at: fresh })).toBe(true);
    expect(importStopped({ host: hostname(), pid: process.ppid, seen_at: fresh })).toBe(false);
    expect(importStopped({ host: 'another-host', pid: process.ppid, seen_at: fresh })).toBe(false);
    const old = new Date(Date.now() - UNFINISHED_STALE_MS - 1_000).toISOString();
    expect(importStopped({ host: 'another-host', pid: process.ppid, seen_at: old })).toBe(true);
  });
});
