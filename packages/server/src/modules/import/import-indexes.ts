import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportStep } from '@mdis/shared';
import type { SetAsideIndex } from '../../engine/schema-sync/set-aside-indexes';
import type { BatchState, ImportDeps } from './import-state';

// SQLite, a commit of creates (runInParts): once an import has written many rows, its table's sort
// indexes are taken off and built again at its end (engine/schema-sync/set-aside-indexes.ts). Each
// row then writes the table, its history, text index and IGSN registry, but not nine random places
// in indexes larger than the page cache: 1M samples measured in docs/decisions.md. The price: while
// the import runs, a list sorted by one of those columns sorts the table instead of reading an index.

/**
 * Rows an import must have created before its table's sort indexes are set aside, and at least as
 * many as the table held before the import: rebuilding an index reads the whole table, so an import
 * small beside its table keeps them (a few seconds of sorting would cost more than it saves).
 */
export const SET_ASIDE_AFTER_ROWS = 50_000;

export interface ImportIndexes {
  /** Before each of the import's transactions: sets the indexes aside, in a transaction of its own, once it is due. */
  check(): Promise<void>;
  /**
   * Builds every set-aside index again, each in a transaction of its own (other requests wait for one
   * at most); `onStep` before each.
   */
  restore(onStep?: (step: ImportStep) => void): Promise<void>;
}

/** The indexes of a SQLite commit of creates; undefined where none may be set aside. */
export function importIndexes(deps: ImportDeps, state: BatchState): ImportIndexes | undefined {
  const { importer } = deps;
  const { target } = state;
  if (importer.dialect !== 'sqlite') return undefined;
  // Keys naming records of the import's own table are looked up in it, batch by batch.
  if (state.keyColumns.some((key) => key.kind === 'record' && key.table === target.model.table)) return undefined;
  const after = deps.setAsideAfterRows ?? SET_ASIDE_AFTER_ROWS;
  let due = true;
  const aside: SetAsideIndex[] = [];
  return {
    async check() {
      const created = state.created.length;
      if (!due || created < after) return;
      // The table holds what it held before and what this import created: at least as many created as held before.
      const stored = await importer.transaction((trx) => importer.storedRows(trx, target));
      if (stored === undefined || created < stored - created) return;
      due = false;
      aside.push(...(await importer.transaction((trx) => importer.setAsideIndexes(trx, target))));
    },
    async restore(onStep) {
      const total = aside.length;
      for (const index of aside.slice()) {
        onStep?.({ kind: 'indexes', built: total - aside.length, total });
        await importer.transaction((trx) => importer.rebuildIndex(trx, index));
        aside.shift();
        await nextTurn();
      }
    },
  };
}
