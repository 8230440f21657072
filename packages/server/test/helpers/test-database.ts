import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig, Dialect } from '../../src/infra/db/dialect';
import { createDatabase, type Database } from '../../src/infra/db/database';

export interface TestDatabase extends Database {
  config: DatabaseConfig;
  dataDir: string;
}

async function withPgClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The database plus its cleanup: close it, run `drop` (a PostgreSQL schema), remove the temp dir. */
function disposable(config: DatabaseConfig, dataDir: string, drop?: () => Promise<unknown>): TestDatabase {
  const database = createDatabase(config);
  return {
    ...database,
    config,
    dataDir,
    destroy: async () => {
      await database.destroy();
      if (drop) await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, empty database: SQLite in a temp file, or a new PostgreSQL schema (selected through
 * search_path) that is dropped again by destroy().
 */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mdis-test-'));
  if (dialect === 'sqlite') return disposable({ dialect, filename: join(dataDir, 'mdis.sqlite') }, dataDir);
  const connectionString = process.env.TEST_DATABASE_URL;
  if (!connectionString) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withPgClient((client) => client.query(`CREATE SCHEMA ${schema}`));
  return disposable({ dialect, connectionString, searchPath: schema }, dataDir, () =>
    withPgClient((client) => client.query(`DROP SCHEMA ${schema} CASCADE`)),
  );
}
