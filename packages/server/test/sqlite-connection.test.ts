import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_CACHE_KIB, createDatabase, type Database } from '../src/infra/db/database';

// How the server's SQLite connection is set up: what a million-row import and its readers rely on.
describe('the SQLite connection', () => {
  let dir: string;
  let database: Database;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mdis-sqlite-connection-'));
    database = createDatabase({ dialect: 'sqlite', filename: join(dir, 'mdis.sqlite') });
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const pragma = async (name: string) =>
    Object.values((await sql.raw(`PRAGMA ${name}`).execute(database.db)).rows[0] as Record<string, unknown>)[0];

  it('keeps a page cache of 64 MB (the indexes of a 1M-row table do not fit in the default 2 MB)', async () => {
    expect(SQLITE_CACHE_KIB).toBe(65_536);
    expect(await pragma('cache_size')).toBe(-65_536);
  });

  it('writes ahead (readers go on during a write) and checks foreign keys', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
  });
});
