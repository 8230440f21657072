import type { Kysely } from 'kysely';

// One pending password recovery per user. Only the SHA-256 of the mailed code is stored, so a
// database leak yields no usable reset links. `sent_at` drives the 6-hour resend block (spec 2 §9).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_recoveries')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}
