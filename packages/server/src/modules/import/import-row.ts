import { AppError, type FieldError, textOf } from '@mdis/shared';
import type { DynamicTrx, Row } from '../../engine/records/dynamic-db';
import type { RecordTarget } from '../../engine/records/record-target';
import { type CheckedRow, type CheckedUpdate, rowErrorsOf } from '../../engine/records/records-import';
import { storedValues } from '../../engine/records/records-write';
import type { BatchRow } from './import-keys';
import type { BatchState, ImportDeps, RowOutcome } from './import-state';

// One row of an import through the records pipeline: the stored record an upsert updates, the
// checks, and the write of an update (or of a create that is not batched).

/** The keys an upsert finds a stored record by: id, combined id, IGSN (where the model has them). */
export function upsertKeys(target: RecordTarget): string[] {
  return ['combined_id', 'igsn'].filter((name) => target.model.column(name));
}

/** Stored records an upsert updates, found by id, combined id or IGSN for the whole batch (one query). */
export async function existingRecords(deps: ImportDeps, state: BatchState, trx: DynamicTrx, rows: readonly BatchRow[]) {
  const { model } = state.target;
  const keys = upsertKeys(state.target);
  const texts = new Map(keys.map((key) => [key, new Set<string>()]));
  const ids = new Set<number>();
  for (const row of rows) {
    for (const key of keys) if (typeof row.values[key] === 'string') texts.get(key)?.add(row.values[key]);
    const id = Number(row.values.id);
    if (row.values.id !== null && row.values.id !== undefined && Number.isSafeInteger(id)) ids.add(id);
  }
  const columns = model.columns.map((c) => c.name);
  const byColumn = new Map([...texts].map(([key, values]) => [key, [...values]]));
  const found = await deps.repository.findByKeys(trx, model.table, keys, byColumn, [...ids], columns);
  const byKey = new Map<string, Row>();
  for (const record of found) {
    byKey.set(`id:${String(record.id)}`, record);
    for (const key of keys) if (record[key] !== null) byKey.set(`${key}:${textOf(record[key])}`, record);
  }
  return (row: BatchRow): Row | undefined => {
    if (row.values.id !== null && row.values.id !== undefined) return byKey.get(`id:${String(Number(row.values.id))}`);
    for (const key of keys) {
      const value = row.values[key];
      if (value !== null && value !== undefined) return byKey.get(`${key}:${textOf(value)}`);
    }
    return undefined;
  };
}

/** A refused row's field errors; an unforeseen database error also ends the writing (PostgreSQL: the transaction is broken). */
export function errorsOf(state: BatchState, error: unknown, fromDatabase = true): FieldError[] {
  const fields = rowErrorsOf(error);
  if (fields) return fields;
  if (error instanceof AppError) return [{ field: '', message: error.message }];
  if (fromDatabase) state.writing = false;
  return [{ field: '', message: error instanceof Error ? error.message : String(error) }];
}

/**
 * An update takes a cell that reads as the stored value as that value (a stored list entry in
 * another case, a key written as the export wrote it), and an empty key cell (combined id, IGSN:
 * the behaviors compute them) as "not given", so that an exported file comes back unchanged.
 */
function keepUnchanged(target: RecordTarget, body: Row, row: BatchRow, previous: Row): void {
  for (const [column, raw] of Object.entries(row.raw)) {
    if (!Object.hasOwn(body, column)) continue;
    if (raw === null && upsertKeys(target).includes(column)) Reflect.deleteProperty(body, column);
    else if (raw !== null && previous[column] !== null && textOf(raw) === textOf(previous[column]))
      body[column] = previous[column];
  }
}

/**
 * One row through the pipeline's checks: its field errors, unchanged, or written (an update or a
 * create that is not batched); a create or update to batch comes back checked and authorized.
 */
export async function importRow(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  row: BatchRow,
  stored: Row | undefined,
): Promise<RowOutcome | { create: CheckedRow } | { update: CheckedUpdate }> {
  const { importer } = deps;
  const { target, scope, counts } = state;
  const body = { ...row.values };
  delete body.id;
  try {
    const previous =
      stored &&
      (scope.restricted
        ? await importer.stored(trx, target, scope, Number(stored.id))
        : storedValues(target.model, stored));
    if (previous) keepUnchanged(target, body, row, previous);
    const checked: CheckedRow = importer.check(target, body, previous);
    if (checked.errors.length > 0) return { errors: checked.errors };
    if (previous && !importer.changes(target, checked.record, previous) && checked.relations.links.length === 0) {
      counts.unchanged += 1;
      return { errors: [] };
    }
    await importer.authorizeRow(trx, scope, target, checked, previous);
    if (!previous && state.batched) return { create: checked };
    if (previous && state.batchedUpdates) return { update: { id: Number(stored.id), row: checked, previous } };
    return await writeRow(deps, state, trx, checked, previous, stored);
  } catch (error) {
    return { errors: errorsOf(state, error) };
  }
}

/** One checked row written through the pipeline (RecordsImporter.write). */
export async function writeRow(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  checked: CheckedRow,
  previous?: Row,
  stored?: Row,
): Promise<RowOutcome> {
  const { target } = state;
  try {
    if (state.writing) {
      // The stored record was read in this transaction (existingRecords); the per-record reference
      // path (rowByRow) looks its parent up again as a form's update does.
      const id = await deps.importer.write(
        trx,
        target,
        checked,
        previous,
        stored ? Number(stored.id) : undefined,
        !deps.rowByRow,
      );
      if (!previous) state.created.push(id);
    }
  } catch (error) {
    return { errors: errorsOf(state, error) };
  }
  if (previous) return updated(state, checked, stored);
  state.counts.new += 1;
  return { written: checked.record };
}

/** A row that updated its stored record: counted, and the record as it now is for later rows. */
export function updated(state: BatchState, checked: CheckedRow, stored: Row | undefined): RowOutcome {
  // A later row of the batch may name the same record: it compares with what this row wrote.
  if (stored) Object.assign(stored, storedValues(state.target.model, checked.record));
  state.counts.updated += 1;
  return { written: checked.record };
}
