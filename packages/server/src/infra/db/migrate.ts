import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './schema';
import { MIGRATIONS } from '../../db/migrations';

// Kysely looks for its migration tables in EVERY schema unless told which one. On PostgreSQL that
// lets another schema's table (a second installation, a parallel test) stand in for ours, and the
// migration then fails on a table that does not exist here. Pin them to the connection's schema.
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Applies every pending migration; throws the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const schema = await migrationTableSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).map((result) => result.migrationName);
}
