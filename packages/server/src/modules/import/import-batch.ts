import { textOf } from '@mdis/shared';
import type { DynamicTrx, Row } from '../../engine/records/dynamic-db';
import type { CheckedRow, CheckedUpdate } from '../../engine/records/records-import';
import { type BatchRow, type RowError, resolveKeys } from './import-keys';
import type { MappedHeader } from './import-mapping';
import { errorsOf, existingRecords, importRow, updated, writeRow } from './import-row';
import type { BatchState, ImportDeps, RowOutcome } from './import-state';
import { bodyReader } from './import-values';
import type { Cell } from './readers/table-reader';

// One batch of an import's rows: keys resolved, rows checked, creates and updates written
// together, and what became of each row reported in file order.

/** An update of a stored record waiting to be written with others of the batch. */
interface PendingUpdate {
  row: BatchRow;
  update: CheckedUpdate;
  /** The stored record as existingRecords found it (later rows compare with what this one wrote). */
  stored: Row;
}

export const MAX_ERRORS = 1000;
const SAMPLE_ROWS = 20;

/** A batch's rows with their keys resolved (keyBatch), the key errors held until the batch is written. */
export interface KeyedBatch {
  cells: Cell[][];
  rows: BatchRow[];
  headerOf: Map<string, string>;
  keyErrors: RowError[];
  failed: ReadonlySet<number>;
}

/** An insert's batch checked ahead (checkCreates): the creates to write, the rows' other outcomes. */
export interface CheckedBatch {
  creates: { row: BatchRow; checked: CheckedRow }[];
  outcomes: Map<number, RowOutcome>;
}

/** Called by a batch's write just before its INSERT is sent (import-pipeline.ts). */
export type BeforeInsert = () => Promise<void>;

/** One batch, from its cells to what became of each row (the sequential path). */
export async function importBatch(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  cells: Cell[][],
  mapping: MappedHeader[],
) {
  await writeBatch(deps, state, trx, await keyBatch(deps, state, trx, cells, mapping, state.counts.total));
}

/**
 * The batch's rows read by the mapping and their keys resolved (one query per record key column);
 * `first`: the rows before it in the file. Changes nothing the import shares (its key errors are
 * reported by writeBatch), so that the pipeline may run it while an earlier batch is written.
 */
export async function keyBatch(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  cells: Cell[][],
  mapping: MappedHeader[],
  first: number,
): Promise<KeyedBatch> {
  const headerOf = new Map(mapping.flatMap((m) => (m.column === null ? [] : [[m.column, m.header] as const])));
  const bodyOf = bodyReader(mapping, state.target.model);
  const rows: BatchRow[] = cells.map((row, index) => {
    const values = bodyOf(row);
    // The values are primitives (dates become text): a shallow copy keeps them as read while keys resolve.
    return { row: first + index + 1, values, raw: { ...values }, headers: headerOf };
  });
  const keyErrors: RowError[] = [];
  const failed = await resolveKeys({ ...deps.repository, dynamic: trx }, state.keyColumns, rows, (error) =>
    keyErrors.push(error),
  );
  return { cells, rows, headerOf, keyErrors, failed };
}

/**
 * An insert's rows through the pipeline's checks, none written: by writeBatch, or ahead by the
 * PostgreSQL pipeline while the batch before is written (only where importRow reads nothing for a
 * create, pipelines(): an insert's checks are computed from the row alone).
 */
export async function checkCreates(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  batch: KeyedBatch,
): Promise<CheckedBatch> {
  const creates: CheckedBatch['creates'] = [];
  const outcomes = new Map<number, RowOutcome>();
  for (const row of batch.rows) {
    if (batch.failed.has(row.row)) continue;
    const outcome = await importRow(deps, state, trx, row, undefined);
    if ('create' in outcome) creates.push({ row, checked: outcome.create });
    else if (!('update' in outcome)) outcomes.set(row.row, outcome);
  }
  return { creates, outcomes };
}

/**
 * The batch written and reported: its key errors first, then (checked ahead, or checked here) its
 * creates and updates, and each row's outcome in file order.
 */
export async function writeBatch(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  batch: KeyedBatch,
  checked?: CheckedBatch,
  beforeInsert?: BeforeInsert,
) {
  const { counts } = state;
  const { cells, rows, headerOf } = batch;
  counts.total += rows.length;
  const rowErrors = new Map<number, RowError[]>();
  const report = (error: RowError) => {
    const list = rowErrors.get(error.row) ?? [];
    list.push(error);
    rowErrors.set(error.row, list);
    if (state.errors.length < MAX_ERRORS) state.errors.push(error);
  };
  for (const error of batch.keyErrors) report(error);
  // An insert's rows are all creates: checked (here, or ahead by the pipeline), then written together.
  const creates = checked ?? (state.mode === 'insert' ? await checkCreates(deps, state, trx, batch) : undefined);
  let outcomes: Map<number, RowOutcome>;
  if (creates) {
    outcomes = creates.outcomes;
    await writeCreates(deps, state, trx, creates.creates, outcomes, beforeInsert);
  } else {
    const existing = state.mode === 'upsert' ? await existingRecords(deps, state, trx, rows) : () => undefined;
    outcomes = await writeRows(deps, state, trx, rows, existing, batch.failed);
  }
  // In file order: the errors field by field, the failing rows, the first rows written as the sample.
  for (const [index, row] of rows.entries()) {
    const outcome = outcomes.get(row.row);
    if (outcome && 'written' in outcome) {
      if (state.sample.length < SAMPLE_ROWS) state.sample.push({ row: row.row, values: { ...outcome.written } });
    } else if (outcome) {
      for (const field of outcome.errors) {
        const column = field.field === '' ? null : field.field;
        report({
          row: row.row,
          column,
          header: column === null ? null : (headerOf.get(column) ?? null),
          value: column === null ? null : valueText(row.values[column]),
          message: field.message,
        });
      }
    }
    const messages = rowErrors.get(row.row);
    if (messages) {
      counts.errors += 1;
      state.hooks.onFailedRow?.(
        cells[index] ?? [],
        messages.map((m) => m.message),
      );
    }
  }
}

/**
 * The rows of a batch through the pipeline, in file order; creates and updates to batch written
 * together, in runs of one kind (a row that would read what pending writes of the other kind, or a
 * pending update of its own record, write waits for them, as record after record it would see
 * them). What became of each.
 */
async function writeRows(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  rows: readonly BatchRow[],
  existing: (row: BatchRow) => Row | undefined,
  failed: ReadonlySet<number>,
): Promise<Map<number, RowOutcome>> {
  const outcomes = new Map<number, RowOutcome>();
  const creates: { row: BatchRow; checked: CheckedRow }[] = [];
  const updates: PendingUpdate[] = [];
  const flushUpdates = async () => {
    await writeUpdates(deps, state, trx, updates, outcomes);
    updates.length = 0;
  };
  const flushCreates = async () => {
    await writeCreates(deps, state, trx, creates, outcomes);
    creates.length = 0;
  };
  for (const row of rows) {
    if (failed.has(row.row)) continue;
    const stored = existing(row);
    // An update after pending creates (its checks see them), the same record again (compared with
    // what the earlier row wrote); a create after pending updates (its checks see them).
    if (stored) {
      await flushCreates();
      if (updates.some((u) => u.stored === stored)) await flushUpdates();
    } else await flushUpdates();
    const outcome = await importRow(deps, state, trx, row, stored);
    if ('create' in outcome) creates.push({ row, checked: outcome.create });
    else if (!('update' in outcome)) outcomes.set(row.row, outcome);
    else if (stored) updates.push({ row, update: outcome.update, stored });
  }
  await flushUpdates();
  await flushCreates();
  return outcomes;
}

/** The creates of a batch: together where the model allows it, else (or after a database error) one by one. */
async function writeCreates(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  creates: readonly { row: BatchRow; checked: CheckedRow }[],
  outcomes: Map<number, RowOutcome>,
  beforeInsert?: BeforeInsert,
): Promise<void> {
  if (creates.length === 0) return;
  const failures = state.writing
    ? await deps.importer.createMany(
        trx,
        state.target,
        creates.map((c) => c.checked),
        state.memo,
        { ...(beforeInsert ? { beforeInsert } : {}), holding: state.holding },
      )
    : undefined;
  if (failures) {
    for (const [index, { row, checked }] of creates.entries()) {
      const failure = failures.get(index);
      if (failure === undefined) {
        state.counts.new += 1;
        state.created.push(Number(checked.record.id));
        outcomes.set(row.row, { written: checked.record });
      } else outcomes.set(row.row, { errors: errorsOf(state, failure, false) });
    }
    return;
  }
  for (const { row, checked } of creates) outcomes.set(row.row, await writeRow(deps, state, trx, checked));
}

/** The updates of a batch: together (each record once), or (after a database error) one by one. */
async function writeUpdates(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  updates: readonly PendingUpdate[],
  outcomes: Map<number, RowOutcome>,
): Promise<void> {
  if (updates.length === 0) return;
  const failures = state.writing
    ? await deps.importer.updateMany(
        trx,
        state.target,
        updates.map((u) => u.update),
        state.memo,
      )
    : undefined;
  for (const [index, { row, update, stored }] of updates.entries()) {
    if (!failures) outcomes.set(row.row, await writeRow(deps, state, trx, update.row, update.previous, stored));
    else if (failures.has(index)) outcomes.set(row.row, { errors: errorsOf(state, failures.get(index), false) });
    else outcomes.set(row.row, updated(state, update.row, stored));
  }
}

function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return Array.isArray(value) ? value.map(textOf).join(';') : textOf(value);
}
