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

  // Kysely's migrator read every schema's columns through pg_get_serial_sequence, which looks each one
  // up in the catalog as it is now: a table dropped meanwhile in another schema (a parallel test, a
  // second installation) failed the migration with "column … of relation … does not exist".
  it('is not stopped by tables another schema creates and drops while it migrates', async () => {
    const churn = `churn_${process.pid}`;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${churn}`);
    const churning = { on: true }; // an object: the loop reads it after the awaits
    const tables = Array.from({ length: 8 }, (_, i) => `${churn}.t${String(i)}`);
    const loop = (async () => {
      while (churning.on) {
        for (const table of tables)
          await client.query(`CREATE TABLE ${table} (a serial, b serial, c serial, d integer)`);
        for (const table of tables) await client.query(`DROP TABLE ${table}`);
      }
    })();
    try {
      for (let run = 0; run < 3; run += 1) {
        database = await createTestDatabase('postgres');
        expect((await migrateToLatest(database.db)).length).toBeGreaterThan(0);
        await database.destroy();
        database = undefined;
      }
    } finally {
      churning.on = false;
      await loop;
      await client.query(`DROP SCHEMA ${churn} CASCADE`);
      await client.end();
    }
  });
});
