import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportStep } from '@mdis/shared';
import type { DynamicTrx } from '../../engine/records/dynamic-db';
import { currentBatchId } from '../../infra/db/audit-context';
import { collectGarbage } from '../../infra/memory';
import { importIndexes } from './import-indexes';
import { type UnfinishedListing, unfinishedListing } from './unfinished-imports';
import type { BatchState, ImportDeps } from './import-state';
import type { Cell } from './readers/table-reader';

// Where an import's writes run: one transaction, or (SQLite, creates only) one per run of batches with a
// compensation that removes what was kept when the import as a whole is not.

/** Thrown to end the transaction without keeping its writes (a preview, a commit with failing rows). */
class Rollback extends Error {}

/** Batches between the full collections an import asks for (see betweenBatches). */
const BATCHES_PER_COLLECTION = 25;

/**
 * After the `done`-th batch: the event loop's turn, and every few batches a concurrent full
 * collection (infra/memory.ts). A batch's rows live across its queries' awaits, outlive the young
 * generation and pile up in the old one, which V8 let grow to ~3 times the live heap before it
 * collected: 100k samples peaked at 400 MB RSS while the live heap stayed at ~65 MB.
 */
async function betweenBatches(done: number): Promise<void> {
  await nextTurn();
  if (done % BATCHES_PER_COLLECTION === 0) await collectGarbage();
}

/** Ids per removeCreated call of the compensation (it deletes them 5,000 at a time). */
const REMOVE_PER_CALL = 5_000;

export type ImportOne = (trx: DynamicTrx, rows: Cell[][]) => Promise<void>;

/** All batches in the transaction; `afterBatch` after each (the event loop's turn, collections). */
export type ImportAll = (
  trx: DynamicTrx,
  batches: AsyncIterable<Cell[][]>,
  afterBatch: () => Promise<void>,
) => Promise<void>;

/** Batch after batch, each written before the next is begun. */
export function oneByOne(importOne: ImportOne): ImportAll {
  return async (trx, batches, afterBatch) => {
    for await (const rows of batches) {
      await importOne(trx, rows);
      await afterBatch();
    }
  };
}

/**
 * The whole import in one transaction, rolled back unless `keep()` at the end (PostgreSQL, where
 * other requests have connections of their own; and every upsert, whose updates a compensation
 * could not put back whole). Between batches the event loop gets its turn. `importAll`: oneByOne, or
 * (PostgreSQL inserts) runPipelined.
 */
export async function runInOne(
  deps: ImportDeps,
  batches: AsyncIterable<Cell[][]>,
  importAll: ImportAll,
  keep: () => boolean,
  finish: (trx: DynamicTrx) => Promise<void>,
): Promise<boolean> {
  let committed = false;
  await deps.importer
    .transaction(async (trx) => {
      let done = 0;
      await importAll(trx, batches, () => betweenBatches((done += 1)));
      if (!keep()) throw new Rollback('rollback');
      await finish(trx);
      committed = true;
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return committed;
}

/** The compensation: the records the kept transactions created deleted again, the import struck off the unfinished. */
async function removeKept(
  { importer }: ImportDeps,
  state: BatchState,
  unfinished: UnfinishedListing | undefined,
  onStep?: (step: ImportStep) => void,
): Promise<void> {
  if (state.created.length === 0 && !unfinished?.listed) return;
  if (state.created.length > 0) onStep?.({ kind: 'removing' });
  await importer.transaction(async (trx) => {
    for (const ids of state.created.newestFirst(REMOVE_PER_CALL)) await importer.removeCreated(trx, state.target, ids);
    await unfinished?.strikeOff(trx);
  });
}

/**
 * SQLite, creates only: how long one transaction of runInParts goes on taking batches. The one
 * connection serves other requests only between transactions, so this bounds how long they wait;
 * each commit costs about as much as the rows it keeps (every page dirtied in the table's indexes
 * and the FTS segments is written to the WAL again), so batches of 1,000 rows each in a transaction
 * of their own spent a third of an import's time committing (docs/decisions.md).
 */
export const TRANSACTION_MS = 1_000;

/**
 * SQLite, creates only: how many writes the behaviors held back (state.holding: the IGSN registry's
 * rows, modules/igsn/igsn-held.ts) a kept transaction writes at its end, once so many are held.
 */
export const HELD_ROWS = 100_000;

/**
 * SQLite, creates only: one transaction per run of batches (TRANSACTION_MS of work, at least one
 * batch), so that the single connection serves other requests between them instead of waiting for
 * the whole import (docs/decisions.md). A transaction is kept while the import can still be kept
 * (a commit with no failing row so far); once a row fails, the rest is only checked and what was
 * kept is deleted again (the compensation), so a commit still writes all rows or none. A preview
 * keeps nothing. The ids, numbers and IGSNs given in memory run on across the transactions (the
 * import's memo), so rolled-back ones do not repeat them. A large import sets its table's sort
 * indexes aside and builds them again at its very end, kept or not (import-indexes.ts). A commit is
 * listed as unfinished from its first kept transaction until the one that finishes or removes it, so
 * that a process stopped in between has its rows removed at the next start (unfinished-imports.ts).
 * What the behaviors hold back (state.holding: the IGSN registry's rows) is written at the end of a
 * kept transaction once it is much, and the rest before the import is kept; else it is dropped.
 */
export async function runInParts(
  deps: ImportDeps,
  state: BatchState,
  batches: AsyncIterable<Cell[][]>,
  importOne: ImportOne,
  keep: () => boolean,
  finish: (trx: DynamicTrx) => Promise<void>,
  onStep?: (step: ImportStep) => void,
): Promise<boolean> {
  const { importer } = deps;
  const transactionMs = deps.transactionMs ?? TRANSACTION_MS;
  const source = batches[Symbol.asyncIterator]();
  const indexes = importIndexes(deps, state);
  // Its history's batch finds the records of an import stopped part-way (a preview keeps none).
  const unfinished = keep() ? unfinishedListing(currentBatchId(), state.target.model.table) : undefined;
  let committed = false as boolean;
  let ended = false as boolean;
  let done = 0;
  try {
    for (let first = true; !ended; first = false) {
      // The event loop's turn after a commit: the requests that waited get the connection first.
      if (!first) await betweenBatches((done += 1));
      if (keep()) await indexes?.check();
      const mark = state.created.mark();
      await importer
        .transaction(async (trx) => {
          if (keep()) await unfinished?.mark(trx);
          const started = performance.now();
          for (;;) {
            const next = await source.next();
            if (next.done) {
              ended = true;
              break;
            }
            await importOne(trx, next.value);
            if (performance.now() - started >= transactionMs) break;
            // Inside the transaction: the collections of betweenBatches keep the heap down.
            await betweenBatches((done += 1));
          }
          if (!keep()) throw new Rollback('rollback');
          await importer.settleHeld(trx, state.target, state.memo, deps.heldRows ?? HELD_ROWS);
        })
        .then(() => unfinished?.committed())
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
          state.created.reset(mark);
        });
    }
    if (keep())
      await importer.transaction(async (trx) => {
        await importer.settleHeld(trx, state.target, state.memo, 0);
        await finish(trx);
        await unfinished?.strikeOff(trx);
        committed = true;
      });
  } finally {
    // A failure part-way closes the file as `for await` would.
    if (!ended) await source.return?.();
    if (!committed) await removeKept(deps, state, unfinished, onStep);
    // Kept: nothing is left held; not kept: what is held goes with the rows.
    await importer.transaction((trx) => importer.settleHeld(trx, state.target, state.memo, 'drop'));
    // Kept or not, before the import answers; after a removal, over the rows that stay.
    await indexes?.restore(onStep);
  }
  return committed;
}
