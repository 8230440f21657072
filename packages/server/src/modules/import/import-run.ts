import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError, type FieldError, textOf } from '@mdis/shared';
import type { DynamicTrx, Row } from '../../engine/records/dynamic-db';
import type { RecordScope } from '../../engine/records/record-access';
import type { RecordTarget } from '../../engine/records/record-target';
import { type CheckedRow, type RecordsImporter, rowErrorsOf } from '../../engine/records/records-import';
import type { TemplateSource } from '../../engine/records/record-model';
import { withTemplateScope } from '../../engine/templates/template-store';
import { withActorFixed } from '../../infra/db/audit-context';
import { storedValues } from '../../engine/records/records-write';
import { type ImportColumn, importColumnsOf } from './import-columns';
import { type BatchRow, type KeyColumn, type RowError, keyColumnsOf, resolveKeys } from './import-keys';
import { type MappedHeader, type Mapping, checkMapping, mapHeaders } from './import-mapping';
import { bodyOf, cellText } from './import-values';
import type { ImportRepository } from './import.repository';
import { type Cell, type FileKind, readTable } from './readers/table-reader';
import type { ImportCounts, ImportMode } from '@mdis/shared';

export type { ImportCounts, ImportMode };

export interface ImportRequest {
  /** id null: the command line's system actor (no saved mapping). */
  user: { id: number | null; roles: readonly string[]; permissions: readonly string[] };
  form: string;
  file: { path: string; kind: FileKind };
  sheet?: string;
  mode: ImportMode;
  mapping?: unknown;
}

export interface ImportHooks {
  /** Writes are kept (one transaction) when true and no row failed; a preview always rolls back. */
  commit: boolean;
  onProgress?: (done: number) => void;
  /** Each failing row with its cells and its messages (the preview's CSV of failing rows). */
  onFailedRow?: (cells: readonly Cell[], messages: string[]) => void;
  /** Last thing in the transaction of a commit that keeps its rows. */
  beforeCommit?: (trx: DynamicTrx, counts: ImportCounts, table: string) => Promise<void>;
}

export interface ImportOutcome {
  form: string;
  mode: ImportMode;
  sheets: string[];
  sheet: string | null;
  headers: string[];
  mapping: MappedHeader[];
  columns: { name: string; label: string; required: boolean }[];
  counts: ImportCounts;
  errors: RowError[];
  sample: { row: number; values: Row }[];
  committed: boolean;
  tableName: string;
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
  /** After a committed import: many rows may have been written (SQLite refreshes its statistics). */
  afterCommit?: () => void;
}

export const MAX_ERRORS = 1000;
const SAMPLE_ROWS = 20;
/** Thrown to end the transaction without keeping its writes (a preview, a commit with failing rows). */
class Rollback extends Error {}

/** A saved mapping that no longer fits the form (a column renamed since) is dropped, not an error. */
function usableSaved(saved: Mapping | undefined, columns: readonly ImportColumn[]): Mapping | undefined {
  if (!saved) return undefined;
  const names = new Set(columns.map((c) => c.name));
  return Object.fromEntries(Object.entries(saved).filter(([, column]) => column === null || names.has(column)));
}

/** The keys an upsert finds a stored record by: id, combined id, IGSN (where the model has them). */
function upsertKeys(target: RecordTarget): string[] {
  return ['combined_id', 'igsn'].filter((name) => target.model.column(name));
}

/**
 * One import, preview or commit: the file is read batch by batch; each batch's keys are resolved
 * in one query per column, every row is checked by the records pipeline, updates are written one
 * by one and creates together (the behaviors' batch hooks, multi-row inserts) where the model
 * allows it. A preview, or a commit with any failing row, keeps nothing. Where the writes run:
 * see `transactionsOf`.
 */
export function runImport(deps: ImportDeps, request: ImportRequest, hooks: ImportHooks): Promise<ImportOutcome> {
  // The revision read once, by `open`, before any transaction (withTemplateScope says why).
  return withTemplateScope(() => importInScope(deps, request, hooks));
}

async function importInScope(deps: ImportDeps, request: ImportRequest, hooks: ImportHooks): Promise<ImportOutcome> {
  const { importer, repository } = deps;
  const { target, scope } = await importer.open(request.user, request.form);
  const columns = importColumnsOf(target);
  const user = request.mapping === undefined ? undefined : checkMapping(request.mapping, columns);
  const saved = user ? undefined : usableSaved(await repository.mapping(request.user.id, request.form), columns);
  const keyColumns = await keyColumnsOf(target, columns, deps.templates, repository);
  const table = readTable(request.file.path, request.file.kind, request.sheet);
  const counts: ImportCounts = { total: 0, new: 0, updated: 0, unchanged: 0, errors: 0 };
  const batched = !deps.rowByRow && request.mode === 'insert' && importer.createsInBatches(target);
  const state: BatchState = {
    target,
    scope,
    keyColumns,
    mode: request.mode,
    counts,
    errors: [],
    sample: [],
    hooks,
    writing: true,
    batched,
    memo: new Map(),
    created: [],
  };
  let headers: string[] = [];
  let mapping: MappedHeader[] = [];

  const batches = async function* () {
    for await (const batch of table.rows) {
      let rows = batch;
      if (headers.length === 0 && mapping.length === 0) {
        headers = (batch[0] ?? []).map(cellText);
        mapping = mapHeaders(headers, columns, { ...(user ? { user } : {}), ...(saved ? { saved } : {}) });
        rows = batch.slice(1);
      }
      yield rows;
    }
  };
  const importOne = async (trx: DynamicTrx, rows: Cell[][]) => {
    // One actor for the whole batch: the history triggers read its text once, not per row.
    await withActorFixed(() => importBatch(deps, state, trx, rows, mapping));
    hooks.onProgress?.(counts.total);
  };
  const keep = () => hooks.commit && counts.errors === 0;
  const finish = async (trx: DynamicTrx) => {
    await hooks.beforeCommit?.(trx, counts, target.model.table);
  };
  const committed =
    batched && importer.dialect === 'sqlite'
      ? await runInParts(deps, state, batches(), importOne, keep, finish)
      : await runInOne(deps, batches(), importOne, keep, finish);
  // Key errors are found per batch before the rows' own: the list reads in row order.
  state.errors.sort((a, b) => a.row - b.row);
  return {
    form: request.form,
    mode: request.mode,
    sheets: table.sheets(),
    sheet: table.sheet(),
    headers,
    mapping,
    columns: columns.map(({ name, label, required }) => ({ name, label, required })),
    counts,
    errors: state.errors,
    sample: state.sample,
    committed,
    tableName: target.model.table,
  };
}

type ImportOne = (trx: DynamicTrx, rows: Cell[][]) => Promise<void>;

/**
 * The whole import in one transaction, rolled back unless `keep()` at the end (PostgreSQL, where
 * other requests have connections of their own; and every upsert, whose updates a compensation
 * could not put back whole). Between batches the event loop gets its turn.
 */
async function runInOne(
  deps: ImportDeps,
  batches: AsyncIterable<Cell[][]>,
  importOne: ImportOne,
  keep: () => boolean,
  finish: (trx: DynamicTrx) => Promise<void>,
): Promise<boolean> {
  let committed = false;
  await deps.importer
    .transaction(async (trx) => {
      for await (const rows of batches) {
        await importOne(trx, rows);
        await nextTurn();
      }
      if (!keep()) throw new Rollback('rollback');
      await finish(trx);
      committed = true;
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return committed;
}

/**
 * SQLite, creates only: one transaction per batch, so that the single connection serves other
 * requests between batches instead of waiting for the whole import (docs/decisions.md). A batch is
 * kept while the import can still be kept (a commit with no failing row so far); once a row fails,
 * the rest is only checked and what was kept is deleted again (the compensation), so a commit
 * still writes all rows or none. A preview keeps no batch. The ids, numbers and IGSNs given in
 * memory run on across the batches (the import's memo), so rolled-back batches do not repeat them.
 */
async function runInParts(
  deps: ImportDeps,
  state: BatchState,
  batches: AsyncIterable<Cell[][]>,
  importOne: ImportOne,
  keep: () => boolean,
  finish: (trx: DynamicTrx) => Promise<void>,
): Promise<boolean> {
  const { importer } = deps;
  let committed = false as boolean;
  try {
    for await (const rows of batches) {
      const mark = state.created.length;
      await importer
        .transaction(async (trx) => {
          await importOne(trx, rows);
          if (!keep()) throw new Rollback('rollback');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
          state.created.length = mark;
        });
      await nextTurn();
    }
    if (keep())
      await importer.transaction(async (trx) => {
        await finish(trx);
        committed = true;
      });
  } finally {
    if (!committed && state.created.length > 0) {
      const ids = [...state.created].reverse();
      await importer.transaction((trx) => importer.removeCreated(trx, state.target, ids));
    }
  }
  return committed;
}

interface BatchState {
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
  /** Creates are written together, batch by batch (RecordsImporter.createMany). */
  batched: boolean;
  /** What the batch hooks carry from one batch to the next (RecordsImporter.createMany). */
  memo: Map<string, unknown>;
  /** The ids of the records created so far (the compensation of runInParts deletes them). */
  created: number[];
}

/** Stored records an upsert updates, found by id, combined id or IGSN for the whole batch (one query). */
async function existingRecords(deps: ImportDeps, state: BatchState, trx: DynamicTrx, rows: readonly BatchRow[]) {
  const { model } = state.target;
  const keys = upsertKeys(state.target);
  const texts = new Set<string>();
  const ids = new Set<number>();
  for (const row of rows) {
    for (const key of keys) if (typeof row.values[key] === 'string') texts.add(row.values[key]);
    const id = Number(row.values.id);
    if (row.values.id !== null && row.values.id !== undefined && Number.isSafeInteger(id)) ids.add(id);
  }
  const columns = model.columns.map((c) => c.name);
  const found = await deps.repository.findByKeys(trx, model.table, keys, [...texts], [...ids], columns);
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

/** What became of a row: its field errors ([] when unchanged), or what it wrote (shown in the sample). */
type RowOutcome = { errors: FieldError[] } | { written: Row };

async function importBatch(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  cells: Cell[][],
  mapping: MappedHeader[],
) {
  const { target, counts } = state;
  const headerOf = new Map(mapping.flatMap((m) => (m.column === null ? [] : [[m.column, m.header] as const])));
  const rows: BatchRow[] = cells.map((row, index) => ({
    row: counts.total + index + 1,
    values: bodyOf(row, mapping, target.model),
    raw: bodyOf(row, mapping, target.model),
    headers: headerOf,
  }));
  counts.total += rows.length;
  const rowErrors = new Map<number, RowError[]>();
  const report = (error: RowError) => {
    const list = rowErrors.get(error.row) ?? [];
    list.push(error);
    rowErrors.set(error.row, list);
    if (state.errors.length < MAX_ERRORS) state.errors.push(error);
  };
  const failed = await resolveKeys({ ...deps.repository, dynamic: trx }, state.keyColumns, rows, report);
  const existing = state.mode === 'upsert' ? await existingRecords(deps, state, trx, rows) : () => undefined;
  const outcomes = new Map<number, RowOutcome>();
  const creates: { row: BatchRow; checked: CheckedRow }[] = [];
  for (const row of rows) {
    if (failed.has(row.row)) continue;
    const outcome = await importRow(deps, state, trx, row, existing(row));
    if ('create' in outcome) creates.push({ row, checked: outcome.create });
    else outcomes.set(row.row, outcome);
  }
  await writeCreates(deps, state, trx, creates, outcomes);
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

/** The creates of a batch: together where the model allows it, else (or after a database error) one by one. */
async function writeCreates(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  creates: readonly { row: BatchRow; checked: CheckedRow }[],
  outcomes: Map<number, RowOutcome>,
): Promise<void> {
  if (creates.length === 0) return;
  const failures = state.writing
    ? await deps.importer.createMany(
        trx,
        state.target,
        creates.map((c) => c.checked),
        state.memo,
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

/** A refused row's field errors; an unforeseen database error also ends the writing (PostgreSQL: the transaction is broken). */
function errorsOf(state: BatchState, error: unknown, fromDatabase = true): FieldError[] {
  const fields = rowErrorsOf(error);
  if (fields) return fields;
  if (error instanceof AppError) return [{ field: '', message: error.message }];
  if (fromDatabase) state.writing = false;
  return [{ field: '', message: error instanceof Error ? error.message : String(error) }];
}

function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return Array.isArray(value) ? value.map(textOf).join(';') : textOf(value);
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
 * One row through the pipeline's checks: its field errors, unchanged, or written (an update, or a
 * create when creates are not batched); a create to batch comes back checked and authorized.
 */
async function importRow(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  row: BatchRow,
  stored: Row | undefined,
): Promise<RowOutcome | { create: CheckedRow }> {
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
    return await writeRow(deps, state, trx, checked, previous, stored);
  } catch (error) {
    return { errors: errorsOf(state, error) };
  }
}

/** One checked row written through the pipeline (RecordsImporter.write). */
async function writeRow(
  deps: ImportDeps,
  state: BatchState,
  trx: DynamicTrx,
  checked: CheckedRow,
  previous?: Row,
  stored?: Row,
): Promise<RowOutcome> {
  const { target, counts } = state;
  try {
    if (state.writing) {
      const id = await deps.importer.write(trx, target, checked, previous, stored ? Number(stored.id) : undefined);
      if (!previous) state.created.push(id);
    }
  } catch (error) {
    return { errors: errorsOf(state, error) };
  }
  // A later row of the batch may name the same record: it compares with what this row wrote.
  if (stored) Object.assign(stored, storedValues(target.model, checked.record));
  if (previous) counts.updated += 1;
  else counts.new += 1;
  return { written: checked.record };
}
