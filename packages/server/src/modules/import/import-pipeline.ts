import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DynamicTrx } from '../../engine/records/dynamic-db';
import { type CheckedBatch, type KeyedBatch, checkCreates, keyBatch, writeBatch } from './import-batch';
import type { MappedHeader } from './import-mapping';
import type { BatchState, ImportDeps } from './import-state';
import type { Cell } from './readers/table-reader';

// PostgreSQL inserts: batch N+1's rows are checked while PostgreSQL runs batch N's INSERT (the
// server's JavaScript and the database's work overlap instead of taking turns). The transaction's
// one connection runs its statements in the order they are sent, so N+1's key reads are sent (and
// answered) just before N's INSERT, and its checks, which read nothing, run while the INSERT does.

/** Whether an import may check a batch ahead (runPipelined): see the conditions below. */
export function pipelines(deps: ImportDeps, state: BatchState): boolean {
  return (
    deps.importer.dialect === 'postgres' &&
    state.batched &&
    state.mode === 'insert' &&
    // Limited access reads each row's parent and references while checking it: those reads would
    // queue behind (or, after a refused INSERT, fail beside) the batch being written.
    !state.scope.restricted &&
    // A key naming a record of the target's own table could name one of batch N's rows, which N+1's
    // keys, read before N's INSERT, would not find.
    !state.keyColumns.some((key) => key.kind !== 'list' && key.table === state.target.model.table)
  );
}

/** A batch on its way: its keys resolved, then its rows checked (each a promise whose error waits for its turn). */
interface Ahead {
  keyed: Promise<KeyedBatch>;
  checked: Promise<{ batch: KeyedBatch; checked: CheckedBatch }>;
}

const ignore = () => undefined;

/** `source` asked for its next item ahead: taken waiting for it (`next`) or only if it has arrived (`take`). */
function peeking<T>(source: AsyncIterator<T>) {
  /** The next item once it has arrived (undefined while it is on its way). */
  let ready: IteratorResult<T> | undefined;
  let pending: Promise<IteratorResult<T>>;
  const ask = () => {
    ready = undefined;
    const asked = source.next();
    pending = asked;
    asked.then((result) => {
      if (pending === asked) ready = result;
    }, ignore);
  };
  ask();
  return {
    async next(): Promise<IteratorResult<T>> {
      const result = await pending;
      if (!result.done) ask();
      return result;
    },
    /** The next item if it has arrived (else undefined, as at the end). */
    take(): T | undefined {
      if (!ready || ready.done) return undefined;
      const { value } = ready;
      ask();
      return value;
    },
    /** Stops early: the item on its way settles (its error dropped), the source is closed. */
    async close(): Promise<void> {
      await pending.catch(ignore);
      await source.return?.();
    },
  };
}

/**
 * The import's batches written in order, each batch's successor checked while it is inserted. What
 * each batch reads and reports is what the sequential path (importBatch) would: N+1's keys come
 * from tables N does not write (pipelines), its checks depend on its rows alone, its errors and
 * counts are reported when it is written; a refused INSERT of N rolls back to N's savepoint and
 * writes N row by row as before (N+1's reads were answered before it). `afterBatch`: the progress
 * and the event loop's turn between batches (runInOne).
 */
export async function runPipelined(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  batches: AsyncIterable<Cell[][]>,
  mapping: () => MappedHeader[],
  afterBatch: () => Promise<void>,
): Promise<void> {
  const source = peeking(batches[Symbol.asyncIterator]());
  let first = 0;
  const start = (cells: Cell[][]): Ahead => {
    const keyed = keyBatch(deps, state, trx, cells, mapping(), first);
    first += cells.length;
    const checked = keyed.then(async (batch) => {
      // A turn of the event loop first: the INSERT waiting for these keys is sent before the checks run.
      await nextTurn();
      return { batch, checked: await checkCreates(deps, state, trx, batch) };
    });
    keyed.catch(ignore);
    checked.catch(ignore);
    return { keyed, checked };
  };
  let next: Ahead | undefined;
  let ended = false;
  try {
    for (;;) {
      let current = next;
      next = undefined;
      if (!current) {
        const result = await source.next();
        if (result.done) {
          ended = true;
          break;
        }
        current = start(result.value);
      }
      const { batch, checked } = await current.checked;
      // Just before this batch's INSERT: the next batch's keys, if the file has it read already
      // (else it follows as it would without the pipeline).
      const beforeInsert = async () => {
        const cells = next ? undefined : source.take();
        if (!cells) return;
        next = start(cells);
        await next.keyed.catch(ignore);
      };
      await writeBatch(deps, state, trx, batch, checked, beforeInsert);
      await afterBatch();
    }
  } finally {
    // A failure part-way: the batch checked ahead settles before the transaction ends, the file is closed.
    if (next) await next.checked.catch(ignore);
    if (!ended) await source.close();
  }
}
