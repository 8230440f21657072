import type { DynamicTrx, Row } from '../../engine/records/dynamic-db';
import type { RecordsImporter } from '../../engine/records/records-import';
import { withTemplateScope } from '../../engine/templates/template-store';
import { withActorFixed } from '../../infra/db/audit-context';
import { type ImportColumn, importColumnsOf } from './import-columns';
import { importBatch } from './import-batch';
import { type RowError, keyColumnsOf } from './import-keys';
import { type MappedHeader, type Mapping, checkMapping, mapHeaders } from './import-mapping';
import { type BatchState, CreatedIds, type ImportDeps, type ImportHooks } from './import-state';
import { type ImportAll, oneByOne, runInOne, runInParts } from './import-transactions';
import { pipelines, runPipelined } from './import-pipeline';
import { readAhead } from './read-ahead';
import { cellText } from './import-values';
import { type Cell, type FileKind, type TableStream, readTable } from './readers/table-reader';
import type { ImportCounts, ImportMode } from '@mdis/shared';

export { MAX_ERRORS } from './import-batch';
export type { ImportDeps, ImportHooks } from './import-state';
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

/** A saved mapping that no longer fits the form (a column renamed since) is dropped, not an error. */
function usableSaved(saved: Mapping | undefined, columns: readonly ImportColumn[]): Mapping | undefined {
  if (!saved) return undefined;
  const names = new Set(columns.map((c) => c.name));
  return Object.fromEntries(Object.entries(saved).filter(([, column]) => column === null || names.has(column)));
}

/**
 * The file's batches. PostgreSQL: the next one is read while the database (a process of its own)
 * writes this one (read-ahead.ts). SQLite writes on this thread: reading ahead gained nothing there.
 */
function fileBatches(table: TableStream, dialect: RecordsImporter['dialect']): AsyncIterable<Cell[][]> {
  return dialect === 'postgres' ? readAhead(table.rows) : table.rows;
}

/**
 * One import, preview or commit: the file is read batch by batch; each batch's keys are resolved
 * in one query per column, every row is checked by the records pipeline, creates and updates are
 * written together (the behaviors' batch hooks, multi-row inserts, UPDATEs of many rows) where the
 * model allows it, else one by one. A preview, or a commit with any failing row, keeps nothing. Where the writes run:
 * import-transactions.ts.
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
  const batched = !deps.rowByRow && importer.createsInBatches(target);
  const inParts = batched && request.mode === 'insert' && importer.dialect === 'sqlite';
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
    batchedUpdates: !deps.rowByRow && request.mode === 'upsert' && importer.updatesInBatches(target),
    memo: new Map(),
    holding: inParts,
    created: new CreatedIds(),
  };
  let headers: string[] = [];
  let mapping: MappedHeader[] = [];

  const batches = async function* () {
    for await (const batch of fileBatches(table, importer.dialect)) {
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
  // PostgreSQL inserts: each batch checked while the one before is inserted (import-pipeline.ts).
  const pipelined: ImportAll = (trx, all, afterBatch) =>
    withActorFixed(() =>
      runPipelined(
        deps,
        state,
        trx,
        all,
        () => mapping,
        async () => {
          hooks.onProgress?.(counts.total);
          await afterBatch();
        },
      ),
    );
  const committed = inParts
    ? await runInParts(deps, state, batches(), importOne, keep, finish, (step) => hooks.onStep?.(step, counts.total))
    : await runInOne(deps, batches(), pipelines(deps, state) ? pipelined : oneByOne(importOne), keep, finish);
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
