// A release that changes the SQL of maintained columns (here PostgreSQL's rounding at halves) has
// the stored copies of an existing database rewritten once, at its first start, so that lists
// sort and filter by the values the API shows (engine/schema-sync/maintained-refresh.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDrillingModel } from '../src/seed/drilling-model';
import { insertRow, refreshAllMaintained, seedDepthExample } from './depth-model-fixture';
import { DIALECTS } from './helpers/dialects';
import { testConfig } from './helpers/test-app';
import { type TestDatabase, createTestDatabase } from './helpers/test-database';

const REWRITE = 'maintained-rounding-as-shown';

describe.each(DIALECTS)('stored copies of maintained columns after an upgrade (%s)', (dialect) => {
  let database: TestDatabase;
  let sampleId: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    await seedDrillingModel(database.db, dialect);
    const ids = await seedDepthExample(database.db);
    sampleId = await insertRow(database.db, 'curation_sample', {
      section_split_id: ids.wr.a2s1,
      combined_id: 'S1',
      top: 9.5,
      sample_length: 5,
    });
    await refreshAllMaintained(database.db, dialect);
  });
  afterAll(() => database.destroy());

  /** A start of the app on the database, as after an upgrade; stopped again at once. */
  async function start(): Promise<void> {
    const app = await buildApp(testConfig({ database: database.config, dataDir: database.dataDir }), { database });
    await app.close();
  }
  const stored = async () =>
    (
      await sql<{ depth: unknown }>`SELECT maintained__mcd_top_depth AS depth FROM curation_sample
        WHERE id = ${sampleId}`.execute(database.db)
    ).rows[0]?.depth;
  /** The stored copy as an older release left it (a value no computation gives, so a rewrite shows). */
  async function asBeforeTheRelease(): Promise<void> {
    await sql`UPDATE curation_sample SET maintained__mcd_top_depth = 999 WHERE id = ${sampleId}`.execute(database.db);
    await sql`DELETE FROM data_migrations WHERE name = ${REWRITE}`.execute(database.db);
  }

  it('rewrites them at the first start where the dialect needs it, and only once', async () => {
    const computed = Number(await stored());
    expect(computed).not.toBe(999);
    await asBeforeTheRelease();
    await start();
    // SQLite's rounding did not change: its copies are left as they are.
    expect(Number(await stored())).toBe(dialect === 'postgres' ? computed : 999);
    await sql`UPDATE curation_sample SET maintained__mcd_top_depth = 999 WHERE id = ${sampleId}`.execute(database.db);
    await start();
    expect(Number(await stored())).toBe(999);
  });
});
