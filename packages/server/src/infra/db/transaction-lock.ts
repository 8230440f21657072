import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './dialect';

/**
 * Waits until no other transaction holds `key`, then holds it until the calling transaction ends
 * (commit or rollback). For read-then-write sequences such as "next number of the group": without
 * it, two transactions read the same largest number and the second insert hits the unique index.
 *
 * PostgreSQL: a transaction-scoped advisory lock, so it also holds across app instances sharing
 * the database; it is re-entrant within one transaction. The key is hashed to 64 bits: a
 * collision only makes two unrelated groups wait for each other. Read committed (the default)
 * gives every statement after the lock a snapshot that includes the previous holder's commit.
 * SQLite needs nothing: an instance has one connection and a transaction holds it to the end.
 * Outside a transaction there is nothing to hold a lock for (e.g. form defaults, a suggestion only).
 */
export async function lockUntilTransactionEnds(
  executor: Parameters<RawBuilder<unknown>['execute']>[0] & { readonly isTransaction: boolean },
  dialect: Dialect,
  key: string,
): Promise<void> {
  if (dialect !== 'postgres' || !executor.isTransaction) return;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(executor);
}
