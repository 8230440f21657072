import type { FieldError } from '@mdis/shared';
import type { DynamicTrx, Row } from '../../engine/records/dynamic-db';
import type { RecordScope } from '../../engine/records/record-access';
import type { RecordTarget } from '../../engine/records/record-target';
import type { RecordsImporter } from '../../engine/records/records-import';
import type { TemplateSource } from '../../engine/records/record-model';
import type { ImportCounts, ImportMode, ImportStep } from '@mdis/shared';
import type { KeyColumn, RowError } from './import-keys';
import type { ImportRepository } from './import.repository';
import type { Cell } from './readers/table-reader';

// What the parts of an import share: its dependencies, the caller's hooks and the state one
// import carries from batch to batch (import-run.ts drives it, import-batch.ts fills it).

export interface ImportHooks {
  /** Writes are kept (one transaction) when true and no row failed; a preview always rolls back. */
  commit: boolean;
  onProgress?: (done: number) => void;
  /** What the commit does after its rows (removing them: a row failed; building indexes), and the rows read. */
  onStep?: (step: ImportStep, done: number) => void;
  /** Each failing row with its cells and its messages (the preview's CSV of failing rows). */
  onFailedRow?: (cells: readonly Cell[], messages: string[]) => void;
  /** Last thing in the transaction of a commit that keeps its rows. */
  beforeCommit?: (trx: DynamicTrx, counts: ImportCounts, table: string) => Promise<void>;
}

export interface ImportDeps {
  importer: RecordsImporter;
  repository: ImportRepository;
  templates: TemplateSource;
  /**
   * Every record through the per-record pipeline, never the batch writes: the reference the batch
   * path is tested against (import-batch.test.ts).
   */
  rowByRow?: boolean;
  /** SQLite creates: how long one transaction of the import runs (import-transactions.ts TRANSACTION_MS). */
  transactionMs?: number;
  /** SQLite creates: rows an import writes before it sets its table's sort indexes aside (import-indexes.ts SET_ASIDE_AFTER_ROWS). */
  setAsideAfterRows?: number;
  /** SQLite creates: held writes a kept transaction writes at its end (import-transactions.ts HELD_ROWS). */
  heldRows?: number;
  /** After a committed import: many rows may have been written (SQLite refreshes its statistics). */
  afterCommit?: () => void;
}

export interface BatchState {
  target: RecordTarget;
  scope: RecordScope;
  keyColumns: KeyColumn[];
  mode: ImportMode;
  counts: ImportCounts;
  errors: RowError[];
  sample: { row: number; values: Row }[];
  hooks: ImportHooks;
  /** False once a database error broke the transaction (PostgreSQL): the rest is only checked. */
  writing: boolean;
  /** Creates (an upsert's new rows too) are written together, batch by batch (RecordsImporter.createMany). */
  batched: boolean;
  /** Updates are written together, batch by batch (RecordsImporter.updateMany). */
  batchedUpdates: boolean;
  /** What the batch hooks carry from one batch to the next (RecordsImporter.createMany). */
  memo: Map<string, unknown>;
  /** The batch hooks may hold writes back: the import settles them (runInParts, RecordsImporter.settleHeld). */
  holding: boolean;
  /** The ids of the records created so far (the compensation of runInParts deletes them). */
  created: CreatedIds;
}

/** What became of a row: its field errors ([] when unchanged), or what it wrote (shown in the sample). */
export type RowOutcome = { errors: FieldError[] } | { written: Row };

/** Where CreatedIds stood (CreatedIds.mark), to go back to when a batch is rolled back. */
export interface CreatedMark {
  pairs: number;
  last: number | undefined;
  count: number;
}

/**
 * The ids an import created, kept as runs of consecutive ids (a batch's creates take consecutive
 * ids): a few numbers per batch, where an array of every id held 1M numbers at 1M rows.
 */
export class CreatedIds {
  /** [first, last] pairs, flat. */
  #runs: number[] = [];
  #count = 0;

  get length(): number {
    return this.#count;
  }

  /** How many runs of consecutive ids are kept. */
  get runs(): number {
    return this.#runs.length / 2;
  }

  push(id: number): void {
    const runs = this.#runs;
    if (runs.length > 0 && runs[runs.length - 1] === id - 1) runs[runs.length - 1] = id;
    else runs.push(id, id);
    this.#count += 1;
  }

  mark(): CreatedMark {
    return { pairs: this.#runs.length, last: this.#runs.at(-1), count: this.#count };
  }

  /** Back to where `mark` was taken (the ids pushed since are forgotten). */
  reset(mark: CreatedMark): void {
    this.#runs.length = mark.pairs;
    if (mark.last !== undefined && mark.pairs > 0) this.#runs[mark.pairs - 1] = mark.last;
    this.#count = mark.count;
  }

  /** Every id, newest first, in slices of at most `size`. */
  *newestFirst(size: number): Generator<number[]> {
    let slice: number[] = [];
    for (let pair = this.#runs.length - 2; pair >= 0; pair -= 2) {
      for (let id = this.#runs[pair + 1]; id >= this.#runs[pair]; id -= 1) {
        slice.push(id);
        if (slice.length === size) {
          yield slice;
          slice = [];
        }
      }
    }
    if (slice.length > 0) yield slice;
  }
}
