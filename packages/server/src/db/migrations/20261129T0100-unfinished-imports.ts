import type { Kysely } from 'kysely';

// The SQLite imports that commit in parts and have not finished (modules/import/unfinished-imports.ts):
// listed in an import's first kept transaction, struck off in the one that records it as a batch or
// removes what it wrote. A process stopped in between leaves its row; the next start removes the
// records the import created (found by its history's batch id), so an import stays all rows or none.
// `host`, `pid` and `seen_at` (renewed by every kept transaction) tell whether it may still run.
// PostgreSQL imports run in one transaction; the table stays empty there.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unfinished_imports')
    .addColumn('batch_id', 'varchar(40)', (col) => col.notNull().primaryKey())
    .addColumn('table_name', 'varchar(128)', (col) => col.notNull())
    .addColumn('host', 'varchar(255)', (col) => col.notNull())
    .addColumn('pid', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('seen_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}
