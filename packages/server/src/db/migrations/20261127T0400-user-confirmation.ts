import type { Kysely } from 'kysely';
import { ensureOnLiveTable, SYSTEM_HISTORY_TABLES } from '../../infra/db/history-triggers';
import { isPostgres } from './helpers';

// Whether a user's account was confirmed (issue 23): yii2-usuario keeps unconfirmed accounts (no
// confirmed_at) apart from blocked ones (blocked_at); both are inactive here, but an unconfirmed one
// is told so at login and is confirmed when an administrator activates it. Accounts made here are
// confirmed (default 1); only the mDIS v3 migration writes 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('confirmed', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // SQLite's history triggers name every column: the new one is recorded from now on.
  const users = SYSTEM_HISTORY_TABLES.find((t) => t.table === 'users');
  await ensureOnLiveTable(db, isPostgres(db) ? 'postgres' : 'sqlite', 'users', { exclude: users?.exclude ?? [] });
}
