import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/infra/db/database';
import { CHECKPOINTER_AFTER_PAGES, SAFETY_NET_PAGES } from '../src/infra/db/sqlite-checkpointer';

// The log's checkpoints of a file database, once it is written to in bulk, run on a worker thread.
describe('the SQLite checkpointer', () => {
  let dir: string;
  let filename: string;
  let database: Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mdis-sqlite-checkpointer-'));
    filename = join(dir, 'mdis.sqlite');
    database = createDatabase({ dialect: 'sqlite', filename });
    await sql`CREATE TABLE pages (body blob)`.execute(database.db);
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const autocheckpoint = async () =>
    (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(database.db)).rows[0]
      ?.wal_autocheckpoint;
  /** About `pages` pages of log in one statement (its own transaction). */
  const write = (pages: number) =>
    sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${pages})
      INSERT INTO pages SELECT randomblob(3000) FROM n`.execute(database.db);
  const fileBytes = () => statSync(filename).size;

  it('leaves a small database to SQLite: no thread, its checkpoints on the app connection', async () => {
    await write(10);
    expect(await autocheckpoint()).toBe(CHECKPOINTER_AFTER_PAGES);
  });

  it('once the log has passed its size, copies each commit into the file on its own connection', async () => {
    await write(CHECKPOINTER_AFTER_PAGES + 200);
    // The app's connection now checkpoints only far beyond what one more commit writes.
    expect(await autocheckpoint()).toBe(SAFETY_NET_PAGES);
    const before = fileBytes();
    await write(2000);
    const deadline = Date.now() + 10_000;
    while (fileBytes() < before + 2000 * 3000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fileBytes()).toBeGreaterThanOrEqual(before + 2000 * 3000);
  });

  it('closes before the app connection, which then removes the log', async () => {
    await write(CHECKPOINTER_AFTER_PAGES + 200);
    await database.destroy();
    expect(existsSync(`${filename}-wal`)).toBe(false);
    // afterEach destroys it again: a second destroy finds everything closed.
    database = createDatabase({ dialect: 'sqlite', filename });
  });
});
