import type { Kysely } from 'kysely';
import { ensurePostgresInsertHistoryFunction, upgradePostgresHistoryTriggers } from '../../infra/db/history-triggers';
import { isPostgres } from './helpers';

// PostgreSQL: the history of inserts is written by one trigger per statement from its transition
// table instead of one PL/pgSQL call per row (infra/db/history-triggers.ts; an import's 500-row
// INSERTs spent a good part of their time there). Every table with the row trigger of before gets
// the new pair, leaving out the columns it left out. SQLite is unchanged.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await ensurePostgresInsertHistoryFunction(db);
  await upgradePostgresHistoryTriggers(db);
}
