import { hostname } from 'node:os';
import { type DynamicTrx, asDynamic } from '../../engine/records/dynamic-db';
import { removeCreatedRows } from '../../engine/records/records-import';
import { tableExists } from '../../engine/schema-sync/introspect';
import { restoreSetAsideIndexes } from '../../engine/schema-sync/set-aside-indexes';
import { runAudited } from '../../infra/db/audit-context';
import type { Db } from '../../infra/db/schema';

// SQLite, a commit of creates in parts (import-transactions.ts runInParts): each transaction it keeps is
// committed, so a process stopped part-way (killed, a power cut) would leave the rows of the kept ones
// behind, with no import batch to undo them by. The import is listed in `unfinished_imports` in its first
// kept transaction and struck off in the transaction that records it as a batch, or in the one that
// removes what it wrote. A start (the server's, or the command line's) removes the records an import
// still listed created, found by the batch id of their history's create rows, so an import stays all
// rows or none across a crash too.

/** Ids per transaction of a removal at start. */
const REMOVE_PER_TRANSACTION = 5_000;

/**
 * How long after its last kept transaction an import listed by another host, or by a process this
 * host still runs (a reused pid), counts as stopped. A running import keeps a transaction every second
 * or so (TRANSACTION_MS); its slowest pause, an index set aside or a batch of large rows, is seconds.
 */
export const UNFINISHED_STALE_MS = 10 * 60_000;

const now = () => new Date().toISOString();

/** The import's entry: listed in its first kept transaction, its `seen_at` renewed by each later one. */
async function markUnfinished(trx: DynamicTrx, batchId: string, table: string, first: boolean): Promise<void> {
  const db = trx as unknown as Db;
  const at = now();
  if (!first) {
    await db.updateTable('unfinished_imports').set({ seen_at: at }).where('batch_id', '=', batchId).execute();
    return;
  }
  await db
    .insertInto('unfinished_imports')
    .values({ batch_id: batchId, table_name: table, host: hostname(), pid: process.pid, started_at: at, seen_at: at })
    .execute();
}

/** Struck off in the transaction that records the import as a batch, or that removes what it wrote. */
async function strikeOffUnfinished(trx: DynamicTrx, batchId: string): Promise<void> {
  await (trx as unknown as Db).deleteFrom('unfinished_imports').where('batch_id', '=', batchId).execute();
}

export interface UnfinishedListing {
  /** At the start of each transaction that may be kept: listed in the first, `seen_at` renewed in the others. */
  mark(trx: DynamicTrx): Promise<void>;
  /** After a transaction was committed (only one that began with `mark` can be: runInParts keeps none other). */
  committed(): void;
  /** Whether a committed transaction listed the import. */
  readonly listed: boolean;
  /** In the transaction that finishes the import, or removes its rows: struck off (when listed). */
  strikeOff(trx: DynamicTrx): Promise<void>;
}

/** A commit's listing across its transactions; undefined without a batch (its history could not find its rows). */
export function unfinishedListing(batchId: string | undefined, table: string): UnfinishedListing | undefined {
  if (batchId === undefined) return undefined;
  let listed = false;
  return {
    mark: (trx) => markUnfinished(trx, batchId, table, !listed),
    committed() {
      listed = true;
    },
    get listed() {
      return listed;
    },
    strikeOff: (trx) => (listed ? strikeOffUnfinished(trx, batchId) : Promise.resolve()),
  };
}

type Listed = Awaited<ReturnType<typeof listed>>[number];

const listed = (db: Db) => db.selectFrom('unfinished_imports').selectAll().orderBy('started_at').execute();

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Whether a listed import has stopped: its process, on this host, is this one (which has just started)
 * or runs no more; or nothing was heard of it for UNFINISHED_STALE_MS (another host, a reused pid).
 */
export function importStopped(entry: Pick<Listed, 'host' | 'pid' | 'seen_at'>, at = Date.now()): boolean {
  if (entry.host === hostname() && (entry.pid === process.pid || !processRuns(entry.pid))) return true;
  return at - Date.parse(entry.seen_at) > UNFINISHED_STALE_MS;
}

export interface RemovedImport {
  batchId: string;
  table: string;
  removed: number;
}

export interface UnfinishedLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * At start (SQLite): the records each stopped unfinished import created are deleted, newest first
 * (their links go by cascade, their deletion is in the history as any other's), then its entry. Each
 * REMOVE_PER_TRANSACTION in a transaction of their own: a start stopped meanwhile keeps what it removed,
 * and the next one goes on (ids are never given twice: the id columns are AUTOINCREMENT). One that may
 * still run is left, with a warning; one whose removal fails (another record points at one of them)
 * stays listed for the next start, with a warning.
 */
export async function removeUnfinishedImports(db: Db, log: UnfinishedLog): Promise<RemovedImport[]> {
  const done: RemovedImport[] = [];
  for (const entry of await listed(db)) {
    const about = { batchId: entry.batch_id, table: entry.table_name, host: entry.host, pid: entry.pid };
    if (!importStopped(entry)) {
      log.warn(about, 'an unfinished import may still be running: its records are left until a later start');
      continue;
    }
    try {
      const ids = await createdBy(db, entry);
      // ~160 µs per record on the bench machine (its history, text index, counters): minutes at a million, said first.
      log.info({ ...about, records: ids.length }, 'removing the records of an import that did not finish');
      const removed = await runAudited({ route: 'start: an unfinished import removed', client: 'server' }, async () => {
        let count = 0;
        for (let start = 0; start < ids.length; start += REMOVE_PER_TRANSACTION) {
          const part = ids.slice(start, start + REMOVE_PER_TRANSACTION);
          count += await asDynamic(db)
            .transaction()
            .execute((trx) => removeCreatedRows(trx, entry.table_name, part));
        }
        await db.deleteFrom('unfinished_imports').where('batch_id', '=', entry.batch_id).execute();
        return count;
      });
      done.push({ batchId: entry.batch_id, table: entry.table_name, removed });
      log.info({ ...about, removed }, 'the records of an import that did not finish removed');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ ...about, reason }, 'could not remove the records of an import that did not finish');
    }
  }
  return done;
}

/** The ids of the records an import created, newest first (none when its table is gone). */
async function createdBy(db: Db, entry: Listed): Promise<number[]> {
  if (!(await tableExists(db, 'sqlite', entry.table_name))) return [];
  const created = await db
    .selectFrom('record_history')
    .select('record_id')
    .distinct()
    .where('batch_id', '=', entry.batch_id)
    .where('table_name', '=', entry.table_name)
    .where('action', '=', 'create')
    .orderBy('record_id', 'desc')
    .execute();
  return created.map((row) => row.record_id);
}

/**
 * What a start on SQLite (the server's, the command line's) puts right after imports that did not
 * finish: their records removed (removeUnfinishedImports), then the indexes they set aside built
 * again, over what stays. Answers both.
 */
export async function recoverUnfinishedImports(
  db: Db,
  log: UnfinishedLog,
): Promise<{ removed: RemovedImport[]; indexes: string[] }> {
  const removed = await removeUnfinishedImports(db, log);
  return { removed, indexes: await restoreSetAsideIndexes(db) };
}
