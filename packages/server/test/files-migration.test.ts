import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { ServerConfig } from '../src/config';
import type { Dialect } from '../src/infra/db/dialect';
import { migrateToLatest } from '../src/infra/db/migrate';
import type { FileStorage } from '../src/infra/storage/file-storage';
import { createLocalStorage } from '../src/infra/storage/local-storage';
import { createS3Storage } from '../src/infra/storage/s3-storage';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createClient, drillingChain, type Row } from './files-fixture';

/**
 * What a start does for the files: an existing installation's bytes move from name-based keys to
 * keys by id, once; what a killed process left in the spool and the storage's temporary folder is
 * removed, what a live process is writing is kept.
 */
const CASES = DIALECTS.flatMap((dialect) => (['local', 's3'] as const).map((kind) => [dialect, kind] as const));

async function seededDatabase(dialect: Dialect) {
  const database = await createTestDatabase(dialect);
  await migrateToLatest(database.db);
  const config = testConfig({ database: database.config, dataDir: database.dataDir });
  await seedDatabase(database, config);
  return { database, config };
}

describe.each(CASES)('files at start: key migration (%s, %s storage)', (dialect, kind) => {
  let database: TestDatabase;
  let config: ServerConfig;
  let s3: LocalS3 | undefined;
  let storage: FileStorage;

  beforeAll(async () => {
    ({ database, config } = await seededDatabase(dialect));
    s3 = kind === 's3' ? await startLocalS3('mdis-migration', 'files') : undefined;
    storage = s3 ? createS3Storage(s3.config) : createLocalStorage(join(database.dataDir, 'files'));
  }, 120_000);
  afterAll(async () => {
    await database.destroy();
    await s3?.stop();
  });

  const start = () => buildApp(config, { database, storage });

  it('moves the bytes of existing files from their old keys to keys by id, once; rows that shared bytes get a copy each', async () => {
    let app = await start();
    const client = createClient(app);
    const admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
    const chain = await drillingChain(client, admin, '5065');
    const a = await client.uploaded('a.txt', Buffer.from('bytes of a'), admin);
    const b = await client.uploaded('b.jpg', Buffer.from('bytes of b'), admin, {
      type: 'PH',
      core_id: String(chain.core.id),
    });
    const c = await client.uploaded('c.txt', Buffer.from('bytes of c'), admin);
    await app.close();

    // The layout before keys by id: upload/<name>, <type folder>/original/<name>; c named a's bytes.
    await storage.move(`archive/${String(a.id)}`, `upload/${String(a.filename)}`);
    await storage.move(`archive/${String(b.id)}`, `photos/original/${String(b.filename)}`);
    await storage.delete(`archive/${String(c.id)}`);
    await sql`UPDATE archive_file SET filename = ${String(a.filename)} WHERE id = ${Number(c.id)}`.execute(database.db);
    await sql`DELETE FROM data_migrations`.execute(database.db);

    app = await start();
    const read = async (row: Row) =>
      (await app.inject({ url: `/files/original/${String(row.id)}`, headers: admin })).body;
    expect([await read(a), await read(b), await read(c)]).toEqual(['bytes of a', 'bytes of b', 'bytes of a']);
    expect(await storage.exists(`upload/${String(a.filename)}`)).toBe(false);
    expect(await storage.exists(`photos/original/${String(b.filename)}`)).toBe(false);
    // other data migrations of the start (maintained-refresh.ts) may stand beside it
    const done = await sql<{ name: string }>`SELECT name FROM data_migrations WHERE name = 'file-keys-by-id'`.execute(
      database.db,
    );
    expect(done.rows.map((row) => row.name)).toEqual(['file-keys-by-id']);
    await app.close();
  });
});

describe.each(DIALECTS)('files at start: leftovers of killed processes (%s)', (dialect) => {
  let database: TestDatabase;
  let config: ServerConfig;

  beforeAll(async () => {
    ({ database, config } = await seededDatabase(dialect));
  }, 120_000);
  afterAll(() => database.destroy());

  const start = () => buildApp(config, { database });

  it('removes spool folders and .part files of processes that are gone, and keeps those of live ones', async () => {
    const host = hostname().replace(/[^A-Za-z0-9.-]+/g, '-') || 'host';
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const owned = (pid: number, run = 'run0') => `${host}~${String(pid)}~${run}~0123abcd`;
    const spool = join(database.dataDir, 'spool');
    const temp = join(database.dataDir, 'files', '.tmp');
    const gone = [join(spool, owned(dead)), join(spool, owned(process.pid, 'earlier'))];
    const live = [join(spool, owned(process.ppid)), join(spool, 'unknown-young')];
    for (const dir of [...gone, ...live]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '0'), 'half an upload');
    }
    mkdirSync(temp, { recursive: true });
    const deadPart = join(temp, `${owned(dead)}.part`);
    const livePart = join(temp, `${owned(process.ppid)}.part`);
    writeFileSync(deadPart, 'half');
    writeFileSync(livePart, 'half');

    const app = await start();
    // The local storage sweeps in the background: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gone.map(existsSync)).toEqual([false, false]);
    expect(live.map(existsSync)).toEqual([true, true]);
    expect([existsSync(deadPart), existsSync(livePart)]).toEqual([false, true]);
    await app.close();
  });
});
