import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError, type FieldError, textOf } from '@mdis/shared';
import type { DynamicTrx, Row } from '../../engine/records/dynamic-db';
import type { RecordScope } from '../../engine/records/record-access';
import type { RecordTarget } from '../../engine/records/record-target';
import { type CheckedRow, type RecordsImporter, rowErrorsOf } from '../../engine/records/records-import';
import type { TemplateSource } from '../../engine/records/record-model';
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
 * in one query per column, then every row goes through the records pipeline (the form's checks,
 * behaviors, write) inside one transaction, which a preview, or a commit with any failing row,
 * rolls back. Between batches the event loop gets its turn.
 */
export async function runImport(deps: ImportDeps, request: ImportRequest, hooks: ImportHooks): Promise<ImportOutcome> {
  const { importer, repository } = deps;
  const { target, scope } = await importer.open(request.user, request.form);
  const columns = importColumnsOf(target);
  const user = request.mapping === undefined ? undefined : checkMapping(request.mapping, columns);
  const saved = user ? undefined : usableSaved(await repository.mapping(request.user.id, request.form), columns);
  const keyColumns = await keyColumnsOf(target, columns, deps.templates, repository);
  const table = readTable(request.file.path, request.file.kind, request.sheet);
  const counts: ImportCounts = { total: 0, new: 0, updated: 0, unchanged: 0, errors: 0 };
  const errors: RowError[] = [];
  const sample: { row: number; values: Row }[] = [];
  let headers: string[] = [];
  let mapping: MappedHeader[] = [];
  let committed = false;

  const run = async (trx: DynamicTrx) => {
    const state: BatchState = {
      trx,
      target,
      scope,
      keyColumns,
      mode: request.mode,
      counts,
      errors,
      sample,
      hooks,
      writing: true,
    };
    for await (const batch of table.rows) {
      let rows = batch;
      if (headers.length === 0 && mapping.length === 0) {
        headers = (batch[0] ?? []).map(cellText);
        mapping = mapHeaders(headers, columns, { ...(user ? { user } : {}), ...(saved ? { saved } : {}) });
        rows = batch.slice(1);
      }
      await importBatch(deps, state, rows, mapping);
      hooks.onProgress?.(counts.total);
      await nextTurn();
    }
    if (!hooks.commit || counts.errors > 0) throw new Rollback('rollback');
    await hooks.beforeCommit?.(trx, counts, target.model.table);
    committed = true;
  };
  await importer.transaction(run).catch((error: unknown) => {
    if (!(error instanceof Rollback)) throw error;
  });
  // Key errors are found per batch before the rows' own: the list reads in row order.
  errors.sort((a, b) => a.row - b.row);
  return {
    form: request.form,
    mode: request.mode,
    sheets: table.sheets(),
    sheet: table.sheet(),
    headers,
    mapping,
    columns: columns.map(({ name, label, required }) => ({ name, label, required })),
    counts,
    errors,
    sample,
    committed,
    tableName: target.model.table,
  };
}

interface BatchState {
  trx: DynamicTrx;
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
}

/** Stored records an upsert updates, found by id, combined id or IGSN for the whole batch (one query). */
async function existingRecords(deps: ImportDeps, state: BatchState, rows: readonly BatchRow[]) {
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
  const found = await deps.repository.findByKeys(state.trx, model.table, keys, [...texts], [...ids], columns);
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

async function importBatch(deps: ImportDeps, state: BatchState, cells: Cell[][], mapping: MappedHeader[]) {
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
  const failed = await resolveKeys({ ...deps.repository, dynamic: state.trx }, state.keyColumns, rows, report);
  const existing = state.mode === 'upsert' ? await existingRecords(deps, state, rows) : () => undefined;
  for (const [index, row] of rows.entries()) {
    if (!failed.has(row.row)) {
      const fields = await importRow(deps, state, row, existing(row));
      for (const field of fields) {
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

/** One row through the pipeline; its field errors ([] when it was written or is unchanged). */
async function importRow(
  deps: ImportDeps,
  state: BatchState,
  row: BatchRow,
  stored: Row | undefined,
): Promise<FieldError[]> {
  const { importer } = deps;
  const { trx, target, scope, counts } = state;
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
    if (checked.errors.length > 0) return checked.errors;
    if (previous && !importer.changes(target, checked.record, previous) && checked.relations.links.length === 0) {
      counts.unchanged += 1;
      return [];
    }
    await importer.authorizeRow(trx, scope, target, checked, previous);
    if (state.writing) await importer.write(trx, target, checked, previous, stored ? Number(stored.id) : undefined);
    // A later row of the batch may name the same record: it compares with what this row wrote.
    if (stored) Object.assign(stored, storedValues(target.model, checked.record));
    if (previous) counts.updated += 1;
    else counts.new += 1;
    if (state.sample.length < SAMPLE_ROWS) state.sample.push({ row: row.row, values: { ...checked.record } });
    return [];
  } catch (error) {
    const fields = rowErrorsOf(error);
    if (fields) return fields;
    if (error instanceof AppError) return [{ field: '', message: error.message }];
    // A database error the checks did not foresee: on PostgreSQL the transaction is broken now.
    state.writing = false;
    return [{ field: '', message: error instanceof Error ? error.message : String(error) }];
  }
}
