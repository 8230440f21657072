import {
  type ImportCounts,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  type ImportStep,
  type PermissionHolder,
  effectivePermissions,
  hasRole,
  limitedAccessPrefixes,
} from '@mdis/shared';
import { currentBatchId } from '../../infra/db/audit-context';
import { importColumnsOf } from './import-columns';
import { type Mapping, checkMapping } from './import-mapping';
import { type ImportDeps, type ImportOutcome, type ImportRequest, MAX_ERRORS, runImport } from './import-run';
import { csvLines } from '../../infra/http/csv';
import type { Cell } from './readers/table-reader';
import { cellText } from './import-values';
import { undoImport } from './import-undo';

type Actor = ImportRequest['user'];

/** Whether a user may edit some form at all (the import routes' first check, before the body is read). */
export function mayImport(user: PermissionHolder): boolean {
  if (user.roles.includes('readOnly')) return false;
  if (hasRole(user.roles, 'developer')) return true;
  const granted = effectivePermissions(user);
  return granted.some((p) => /^form-.*:edit$/.test(p)) || limitedAccessPrefixes(user, 'edit').length > 0;
}

/** The answer of a preview (the API contract of issue 20). */
function previewAnswer(outcome: ImportOutcome): ImportPreview {
  const { form, mode, sheets, sheet, mapping, columns, counts, errors, sample } = outcome;
  return { form, mode, sheets, sheet, mapping, columns, counts, errors: errors.slice(0, MAX_ERRORS), sample };
}

/** The filter that lists an import's records on the form's list (the records whose history carries the batch). */
export const batchFilter = (batchId: string) => `batch:${batchId}`;

/** A commit's outcome: the result, or (nothing written) the counts and the errors, with the failing rows' CSV if asked. */
export type CommitOutcome =
  ({ ok: true } & ImportResult) | { ok: false; counts: ImportCounts; errors: ImportRowError[]; failedRowsCsv?: string };

/** The failing rows of a run as CSV: the file's own headers and an `error` column (no BOM). */
function failedRows() {
  const lines: Cell[][] = [];
  return {
    onFailedRow: (cells: readonly Cell[], messages: string[]) => lines.push([...cells, messages.join(' ')]),
    csv: (headers: readonly string[]) =>
      csvLines([[...headers, 'error'], ...lines], (value) => cellText(value as Cell)),
  };
}

export function createImportService(deps: ImportDeps) {
  const { importer, repository } = deps;

  /** A preview and its failing rows as CSV, from one run. */
  async function previewWithCsv(request: ImportRequest): Promise<{ preview: ImportPreview; csv: string }> {
    const failed = failedRows();
    const outcome = await runImport(deps, request, { commit: false, onFailedRow: failed.onFailedRow });
    return { preview: previewAnswer(outcome), csv: failed.csv(outcome.headers) };
  }

  return {
    /** Nothing is kept, ever: the rows run in a transaction that is rolled back. */
    preview: async (request: ImportRequest): Promise<ImportPreview> =>
      previewAnswer(await runImport(deps, request, { commit: false })),

    previewWithCsv,

    /** The failing rows as CSV (with a BOM, for spreadsheets): the file's own headers and an `error` column. */
    previewCsv: async (request: ImportRequest): Promise<string> => `\uFEFF${(await previewWithCsv(request)).csv}`,

    /**
     * All rows or none; the mapping is saved for next time and the batch remembered for undo.
     * `options.failedRowsCsv`: a refused commit also answers its failing rows as CSV (the command line);
     * `options.onStep`: what it does after its rows (removing them, building indexes).
     */
    async commit(
      request: ImportRequest,
      onProgress?: (done: number) => void,
      options: { failedRowsCsv?: boolean; onStep?: ((step: ImportStep, done: number) => void) | undefined } = {},
    ): Promise<CommitOutcome> {
      const batchId = currentBatchId() ?? '';
      const failed = options.failedRowsCsv ? failedRows() : undefined;
      const outcome = await runImport(deps, request, {
        commit: true,
        ...(onProgress ? { onProgress } : {}),
        ...(options.onStep ? { onStep: options.onStep } : {}),
        ...(failed ? { onFailedRow: failed.onFailedRow } : {}),
        beforeCommit: (trx, counts, table) =>
          repository.addBatch(trx, { batchId, form: request.form, table, userId: request.user.id, counts }),
      });
      if (!outcome.committed) {
        const errors = outcome.errors.slice(0, MAX_ERRORS);
        return {
          ok: false,
          counts: outcome.counts,
          errors,
          ...(failed ? { failedRowsCsv: failed.csv(outcome.headers) } : {}),
        };
      }
      deps.afterCommit?.();
      const mapping: Mapping = Object.fromEntries(outcome.mapping.map((m) => [m.header, m.column]));
      await repository.saveMapping(request.user.id, request.form, mapping);
      return { ok: true, batchId, counts: outcome.counts, filter: batchFilter(batchId) };
    },

    /** Removes what the import created and puts back what it changed; 409 when something points at its records. */
    undo: (user: Actor, batchId: string): Promise<{ removed: number }> => undoImport(deps, user, batchId),

    async mapping(user: Actor, form: string): Promise<{ mapping: Mapping }> {
      await importer.open(user, form);
      return { mapping: (await repository.mapping(user.id, form)) ?? {} };
    },

    async saveMapping(user: Actor, form: string, mapping: unknown): Promise<{ mapping: Mapping }> {
      const { target } = await importer.open(user, form);
      const checked = checkMapping(mapping, importColumnsOf(target));
      await repository.saveMapping(user.id, form, checked);
      return { mapping: checked };
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
