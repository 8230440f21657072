import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers';

// Application and per-user configuration (values are JSON text), and the failed logins that the
// rate limit counts (kept in the database so that every instance sees them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_config')
    .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_config')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(255)', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_config_pk', ['user_id', 'key'])
    .execute();

  await withIdColumn(db, db.schema.createTable('login_attempts'))
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('username', 'varchar(255)', (col) => col.notNull())
    .addColumn('attempted_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'attempted_at']).execute();
  await db.schema
    .createIndex('login_attempts_ip_username_idx')
    .on('login_attempts')
    .columns(['ip', 'username', 'attempted_at'])
    .execute();
}
