import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers';

// Users and their sign-in tokens. Timestamps: ISO-8601 UTC text (see infra/db/schema.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('users'))
    .addColumn('username', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('email', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('permissions', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('last_login_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('last_used_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user_id_idx').on('auth_tokens').column('user_id').execute();
  await db.schema.createIndex('auth_tokens_expires_at_idx').on('auth_tokens').column('expires_at').execute();
}
