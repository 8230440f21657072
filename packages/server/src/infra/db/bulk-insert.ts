import { AsyncLocalStorage } from 'node:async_hooks';

// SQLite: a batch of creates (engine/records/insert-rows.ts) runs its multi-row INSERT with the
// per-row INSERT triggers that have a set-based form switched off (`WHEN NOT mdis_bulk()`: the row
// counter, the text index, the history's create), and does their work once for the inserted ids
// right after, in the same transaction. Scoped to the statement's async call chain, like the actor
// of the history (audit-context.ts), so no other write ever sees it on.
const storage = new AsyncLocalStorage<true>();

/** Runs `task` (one INSERT) with the bulk-aware triggers off. */
export function runBulkInsert<T>(task: () => T): T {
  return storage.run(true, task);
}

/** 1 inside runBulkInsert, else 0: what `mdis_bulk()` answers the triggers. */
export function bulkInsertOn(): number {
  return storage.getStore() === true ? 1 : 0;
}
