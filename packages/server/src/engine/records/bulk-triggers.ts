import { CompiledQuery, sql } from 'kysely';
import { runBulkInsert } from '../../infra/db/bulk-insert';
import { liveSqliteTriggers } from '../../infra/db/sqlite-triggers';
import {
  sqliteHistoryColumns,
  sqliteHistoryCreateTrigger,
  sqliteHistoryInserted,
} from '../../infra/db/history-triggers';
import { sqliteCountInserted, sqliteCounterInsertTrigger, sqliteCounterTriggers } from '../schema-sync/row-counter';
import {
  sqliteTextIndexColumns,
  sqliteTextIndexInserted,
  sqliteTextInsertTrigger,
  sqliteTextTriggers,
} from '../schema-sync/text-index';
import type { DynamicTrx } from './dynamic-db';

// SQLite: the INSERT triggers of a template table (row counter, text index, history) run a small
// program per row; a batch's multi-row INSERT (insert-rows.ts) switches those that have a
// set-based form off (`WHEN NOT mdis_bulk()`, infra/db/bulk-insert.ts) and does their work right
// after, once for its rows, in the same transaction (a failed batch rolls it back with the rows):
// the same record_counts, FTS rows and record_history rows (content, actor, batch, order).
// A trigger only counts as bulk-aware when its live text is exactly the one this version makes;
// an older one (a database not yet upgraded at start) keeps firing per row and is left alone.

/** What to do after a batch INSERT into one table, for the triggers it switched off. */
export interface BulkInsertWork {
  counter: boolean;
  /** The FTS statement (one parameter: the ids as JSON). */
  text?: string;
  /** The history statement (one parameter: the ids as JSON, in insertion order). */
  history?: string;
}

/**
 * The table's bulk work, or undefined when it has no bulk-aware trigger or one this version does
 * not know. With `memo` (an import's), read again only after the schema changed (its version is a
 * read of the file's header): looking at the triggers, the text index's columns and the history's
 * took ~0.5 s of a 1M-row import, once per batch.
 */
export async function bulkInsertWork(
  trx: DynamicTrx,
  table: string,
  memo?: Map<string, unknown>,
): Promise<BulkInsertWork | undefined> {
  if (!memo) return readBulkInsertWork(trx, table);
  const { rows } = await sql<{ schema_version: number }>`PRAGMA schema_version`.execute(trx);
  const key = `bulk-triggers:${table}:${String(rows[0]?.schema_version)}`;
  if (memo.has(key)) return memo.get(key) as BulkInsertWork | undefined;
  const work = await readBulkInsertWork(trx, table);
  memo.set(key, work);
  return work;
}

async function readBulkInsertWork(trx: DynamicTrx, table: string): Promise<BulkInsertWork | undefined> {
  const live = await liveSqliteTriggers(trx, table);
  const work: BulkInsertWork = { counter: false };
  const known = new Set<string>();
  const counter = sqliteCounterInsertTrigger(table);
  if (live.get(counter) === sqliteCounterTriggers(table).get(counter)) {
    work.counter = true;
    known.add(counter);
  }
  const textTrigger = sqliteTextInsertTrigger(table);
  if (live.has(textTrigger)) {
    const columns = await sqliteTextIndexColumns(trx, table);
    if (columns.length > 0 && live.get(textTrigger) === sqliteTextTriggers(table, columns).get(textTrigger)) {
      work.text = sqliteTextIndexInserted(table, columns);
      known.add(textTrigger);
    }
  }
  const historyTrigger = sqliteHistoryCreateTrigger(table);
  const historyColumns = sqliteHistoryColumns(table, live.get(historyTrigger) ?? '');
  if (historyColumns) {
    work.history = sqliteHistoryInserted(table, historyColumns);
    known.add(historyTrigger);
  }
  const unknown = [...live].some(([name, text]) => !known.has(name) && /\bmdis_bulk\(\)/.test(text));
  return known.size === 0 || unknown ? undefined : work;
}

/** Runs `insert` (one multi-row INSERT of the rows with `ids`, in that order) with the bulk-aware triggers off, then their work. */
export async function insertInBulk(
  trx: DynamicTrx,
  table: string,
  work: BulkInsertWork,
  ids: readonly number[],
  insert: () => Promise<unknown>,
): Promise<void> {
  await runBulkInsert(insert);
  const json = JSON.stringify(ids);
  if (work.counter) await sqliteCountInserted(trx, table, ids.length);
  if (work.text) await trx.executeQuery(CompiledQuery.raw(work.text, [json]));
  if (work.history) await trx.executeQuery(CompiledQuery.raw(work.history, [json]));
}
