import type { Kysely } from 'kysely';

// The indexes a large SQLite import has taken off its table until it builds them again
// (engine/schema-sync/set-aside-indexes.ts): dropped and listed here in one transaction, built and
// struck off in one, so a server stopped in between builds them at its next start. PostgreSQL
// imports set none aside; the table stays empty there.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('set_aside_indexes')
    .addColumn('index_name', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('table_name', 'varchar(128)', (col) => col.notNull())
    .addColumn('statement', 'text', (col) => col.notNull())
    .execute();
}
