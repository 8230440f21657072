import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/infra/db/migrate';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

// Kysely's migrator once found a stray `kysely_migration_lock` in ANOTHER schema (a killed test run,
// a second installation in the same database), skipped creating its own, and failed.
describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  const strays = 'stray_migrations_schema';
  let database: TestDatabase | undefined;

  async function run(query: string): Promise<void> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  afterEach(async () => {
    await database?.destroy();
    await run(`DROP SCHEMA IF EXISTS ${strays} CASCADE`);
  });

  it('should not be misled by migration tables in another schema', async () => {
    await run(`DROP SCHEMA IF EXISTS ${strays} CASCADE`);
    await run(`CREATE SCHEMA ${strays}`);
    await run(`CREATE TABLE ${strays}.kysely_migration_lock (id varchar(255) primary key, is_locked integer)`);
    database = await createTestDatabase('postgres');
    const applied = await migrateToLatest(database.db);
    expect(applied.length).toBeGreaterThan(0);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });
});
