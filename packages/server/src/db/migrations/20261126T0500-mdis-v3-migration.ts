import type { Kysely } from 'kysely';

// Checkpoints of `npm run migrate:mdis` (issue 23): one row per copied table, updated in the same
// transaction as each batch it records, so an interrupted migration resumes after the last
// committed batch. `done` = 1 once the table is complete.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mdis_v3_migration')
    .addColumn('step', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('last_id', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('row_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}
