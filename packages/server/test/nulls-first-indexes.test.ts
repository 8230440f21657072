import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rebuildNullsLastIndexes } from '../src/engine/schema-sync/nulls-first';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDrillingModel } from '../src/seed/drilling-model';
import { testConfig } from './helpers/test-app';
import { type TestDatabase, createTestDatabase } from './helpers/test-database';

const TEMPLATE_INDEX = 'curation_sample__igsn';
const MAINTAINED_INDEX = 'curation_sample__maintained__mcd_top_depth';

// Only PostgreSQL orders NULLs last by default; an installation from before the template indexes
// were built NULLS FIRST keeps such indexes until its next start rebuilds them.
describe.runIf(process.env.TEST_DATABASE_URL)('indexes built NULLS LAST by an older version (postgres)', () => {
  let database: TestDatabase;
  const start = async () => {
    const app = await buildApp(testConfig({ database: database.config, dataDir: database.dataDir }), { database });
    await app.close();
  };
  // This test's schema only: other files' schemas, made in parallel, hold indexes of the same name.
  const definition = async (name: string) =>
    (
      await sql<{
        def: string;
      }>`SELECT indexdef AS def FROM pg_indexes WHERE indexname = ${name} AND schemaname = current_schema()`.execute(
        database.db,
      )
    ).rows[0]?.def;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await migrateToLatest(database.db);
    await seedDrillingModel(database.db, 'postgres');
    await start();
    // What an older version built: the same columns, PostgreSQL's default order (NULLs last).
    await sql`DROP INDEX ${sql.ref(TEMPLATE_INDEX)}`.execute(database.db);
    await sql`CREATE INDEX ${sql.ref(TEMPLATE_INDEX)} ON curation_sample (igsn)`.execute(database.db);
    await sql`DROP INDEX ${sql.ref(MAINTAINED_INDEX)}`.execute(database.db);
    await sql`CREATE INDEX ${sql.ref(MAINTAINED_INDEX)} ON curation_sample (maintained__mcd_top_depth, id)`.execute(
      database.db,
    );
  });
  afterAll(() => database.destroy());

  it('the next start rebuilds them NULLS FIRST, so an ascending sort reads the index; once', async () => {
    expect(await definition(TEMPLATE_INDEX)).not.toMatch(/NULLS FIRST/);
    await start();
    expect(await definition(TEMPLATE_INDEX)).toMatch(/\(igsn NULLS FIRST\)/);
    expect(await definition(MAINTAINED_INDEX)).toMatch(/\(maintained__mcd_top_depth NULLS FIRST, id\)/);
    // A list's ascending sort (record-query.ts), with the alternatives switched off as in deep-pages.test.
    const plan = await database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_sort = off`.execute(trx);
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`EXPLAIN SELECT id FROM curation_sample ORDER BY igsn ASC NULLS FIRST LIMIT 20`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(new RegExp(`Index Scan using ${TEMPLATE_INDEX}\\b`));
    const models = await createTemplateStore(database.db).listModels();
    expect(await rebuildNullsLastIndexes(database.db, 'postgres', models)).toEqual([]);
  });
});
