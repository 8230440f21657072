import type { Kysely } from 'kysely';

// Data migrations that need more than the database (the file storage): they run once the app has
// built its services, and a row here says one has finished, so it never runs again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_migrations')
    .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('finished_at', 'text', (col) => col.notNull())
    .execute();
}
