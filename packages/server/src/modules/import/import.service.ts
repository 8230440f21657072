import { AppError, hasRole, limitedAccessPrefixes, effectivePermissions, type PermissionHolder } from '@mdis/shared';
import { currentBatchId } from '../../infra/db/audit-context';
import { importColumnsOf } from './import-columns';
import { type Mapping, checkMapping } from './import-mapping';
import { type ImportDeps, type ImportOutcome, type ImportRequest, MAX_ERRORS, runImport } from './import-run';
import { csvLines } from '../../infra/http/csv';
import type { Cell } from './readers/table-reader';
import { cellText } from './import-values';

type Actor = ImportRequest['user'];

export const IMPORT_NOT_FOUND = 'import not found';
export const alreadyUndone = 'The import has been undone already.';

/** Whether a user may edit some form at all (the import routes' first check, before the body is read). */
export function mayImport(user: PermissionHolder): boolean {
  if (user.roles.includes('readOnly')) return false;
  if (hasRole(user.roles, 'developer')) return true;
  const granted = effectivePermissions(user);
  return granted.some((p) => /^form-.*:edit$/.test(p)) || limitedAccessPrefixes(user, 'edit').length > 0;
}

/** The answer of a preview (the API contract of issue 20). */
function previewAnswer(outcome: ImportOutcome) {
  const { form, mode, sheets, sheet, mapping, columns, counts, errors, sample } = outcome;
  return { form, mode, sheets, sheet, mapping, columns, counts, errors: errors.slice(0, MAX_ERRORS), sample };
}

/** The filter that lists an import's records on the form's list (the records whose history carries the batch). */
export const batchFilter = (batchId: string) => `batch:${batchId}`;

export function createImportService(deps: ImportDeps) {
  const { importer, repository } = deps;

  return {
    /** Nothing is kept, ever: the rows run in a transaction that is rolled back. */
    preview: async (request: ImportRequest) => previewAnswer(await runImport(deps, request, { commit: false })),

    /** The failing rows as CSV: the file's own headers and an `error` column. */
    async previewCsv(request: ImportRequest): Promise<string> {
      const lines: Cell[][] = [];
      const outcome = await runImport(deps, request, {
        commit: false,
        onFailedRow: (cells, messages) => lines.push([...cells, messages.join(' ')]),
      });
      return `\uFEFF${csvLines([[...outcome.headers, 'error'], ...lines], (value) => cellText(value as Cell))}`;
    },

    /** All rows or none; the mapping is saved for next time and the batch remembered for undo. */
    async commit(request: ImportRequest, onProgress?: (done: number) => void) {
      const batchId = currentBatchId() ?? '';
      const outcome = await runImport(deps, request, {
        commit: true,
        ...(onProgress ? { onProgress } : {}),
        beforeCommit: (trx, counts, table) =>
          repository.addBatch(trx, { batchId, form: request.form, table, userId: request.user.id, counts }),
      });
      if (!outcome.committed) {
        return { ok: false as const, counts: outcome.counts, errors: outcome.errors.slice(0, MAX_ERRORS) };
      }
      const mapping: Mapping = Object.fromEntries(outcome.mapping.map((m) => [m.header, m.column]));
      await repository.saveMapping(request.user.id, request.form, mapping);
      return { ok: true as const, batchId, counts: outcome.counts, filter: batchFilter(batchId) };
    },

    /** Removes what the import created and puts back what it changed; 409 when something points at its records. */
    async undo(user: Actor, batchId: string): Promise<{ removed: number }> {
      const batch = await repository.batch(batchId);
      if (!batch) throw new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
      if (batch.undone_at) throw new AppError('CONFLICT', alreadyUndone);
      const { target, scope } = await importer.open(user, batch.form);
      const history = await repository.historyOf(batchId, target.model.table);
      const created = history.filter((h) => h.action === 'create').map((h) => h.record_id);
      const updated = history.filter((h) => h.action === 'update').reverse();
      let failing: number | undefined;
      try {
        await importer.transaction(async (trx) => {
          for (const id of [...created, ...updated.map((h) => h.record_id)])
            await importer.stored(trx, target, scope, id);
          for (const entry of updated) {
            const changes = JSON.parse(entry.changes) as Record<string, [unknown, unknown]>;
            const before = Object.fromEntries(Object.entries(changes).map(([column, [old]]) => [column, old]));
            if (Object.keys(before).length > 0)
              await trx.updateTable(target.model.table).set(before).where('id', '=', entry.record_id).execute();
          }
          for (const id of created.reverse()) {
            failing = id;
            await importer.remove(trx, target, id);
          }
          failing = undefined;
          await repository.markUndone(trx, batchId);
        });
      } catch (error) {
        if (failing === undefined || error instanceof AppError) throw error;
        throw await importer.removeError(error, target, failing);
      }
      return { removed: created.length };
    },

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
