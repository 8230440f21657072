import type { Kysely } from 'kysely';

// Login throttle counters (issue 16): one row per (address, account) and per address, counted up
// by a single upsert, so parallel logins cannot all pass a check made before any of them counted.
// They replace login_attempts (one row per failure, counted by a separate SELECT).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_counters')
    .addColumn('key', 'varchar(400)', (col) => col.primaryKey())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_counters_window_idx').on('login_counters').column('window_started_at').execute();
  await db.schema.dropTable('login_attempts').execute();
}
