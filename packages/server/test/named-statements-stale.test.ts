import { parseModelTemplate, type ModelTemplate } from '@mdis/shared';
import { FIXTURE_MODELS } from '@mdis/shared/templates/fixtures';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncModelTable, syncModelTables } from '../src/engine/schema-sync';
import { migrateToLatest } from '../src/infra/db/migrate';
import { currentSchemaGeneration } from '../src/infra/db/named-statements';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const [program, expedition, site] = FIXTURE_MODELS.map((m) => parseModelTemplate(m)) as [
  ModelTemplate,
  ModelTemplate,
  ModelTemplate,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template tables are dynamic
type AnyDb = Kysely<any>;

// Only PostgreSQL prepares named statements (infra/db/named-statements.ts).
describe.runIf(process.env.TEST_DATABASE_URL)('named statements after a schema change (postgres)', () => {
  let database: TestDatabase;
  let db: AnyDb;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    await migrateToLatest(database.db);
    db = database.db;
    await syncModelTables(db, 'postgres', [site, expedition, program]);
    await db.insertInto('project_program').values({ id: 1, name: 'ICDP', program: 'ICDP' }).execute();
    await db
      .insertInto('project_expedition')
      .values({ id: 1, program_id: 1, expedition: '5065', exp_acronym: 'GRIND', is_offshore: 0 })
      .execute();
    await db.insertInto('project_site').values({ id: 1, expedition_id: 1, site: '1', comment: 'first' }).execute();
  });
  afterEach(() => database.destroy());

  const siteOf = (executor: AnyDb, id: number) =>
    sql<{ site: string }>`SELECT site FROM project_site WHERE id = ${id}`.execute(executor);
  const widened: ModelTemplate = {
    ...site,
    columns: { ...site.columns, site: { ...(site.columns.site as object), name: 'site', type: 'string', size: 40 } },
  };

  it('a transaction re-running a statement prepared before the table changed type does not fail', async () => {
    await db.connection().execute(async (connection) => {
      // Prepared on this connection (named), then the column's type changes under it.
      expect((await siteOf(connection, 1)).rows).toEqual([{ site: '1' }]);
      const before = currentSchemaGeneration();
      await syncModelTable(db, 'postgres', widened);
      expect(currentSchemaGeneration()).toBeGreaterThan(before);
      // Without a fresh statement PostgreSQL answers "cached plan must not change result type",
      // which aborts the transaction, so the unnamed retry failed too.
      const rows = await connection.transaction().execute(async (trx) => (await siteOf(trx, 1)).rows);
      expect(rows).toEqual([{ site: '1' }]);
    });
  });

  it('outside a transaction a stale plan still runs the statement unnamed', async () => {
    await db.connection().execute(async (connection) => {
      await siteOf(connection, 1);
      // Changed by hand, past schema sync: nothing told the connection.
      await sql`ALTER TABLE project_site ALTER COLUMN site TYPE varchar(50)`.execute(db);
      expect((await siteOf(connection, 1)).rows).toEqual([{ site: '1' }]);
    });
  });
});
