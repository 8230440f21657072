import { AppError, type PermissionHolder } from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
import type { LinkChange, RecordsImporter } from '../../engine/records/records-import';
import { withTemplateScope } from '../../engine/templates/template-store';
import type { ImportRepository } from './import.repository';

export const IMPORT_NOT_FOUND = 'import not found';
export const alreadyUndone = 'The import has been undone already.';

export interface ImportUndoDeps {
  importer: RecordsImporter;
  repository: ImportRepository;
}

/** The values an update replaced (`changes` of its history row: column → [before, after]). */
function valuesBefore(changes: string): Row {
  const pairs = JSON.parse(changes) as Record<string, [unknown, unknown]>;
  return Object.fromEntries(Object.entries(pairs).map(([column, [before]]) => [column, before]));
}

/** The link history rows of the records the import did not create, by record, oldest first (their links go back). */
function linkChanges(history: readonly HistoryEntry[], created: ReadonlySet<number>): Map<number, LinkChange[]> {
  const byRecord = new Map<number, LinkChange[]>();
  for (const entry of history) {
    if ((entry.action !== 'link' && entry.action !== 'unlink') || created.has(entry.record_id)) continue;
    const list = byRecord.get(entry.record_id) ?? [];
    list.push({ action: entry.action, related: JSON.parse(entry.changes) as Row });
    byRecord.set(entry.record_id, list);
  }
  return byRecord;
}

type HistoryEntry = Awaited<ReturnType<ImportRepository['historyOf']>>[number];

/**
 * An import undone as a whole, in one transaction, through the records pipeline as a form's edits
 * would do it: every record it changed is put back with its m:n links (newest change first; the behaviors recompute
 * what they derive, such as the combined ids of its children and the stored depths), then every
 * record it created is deleted (newest first) with the model's delete behaviors. All or nothing:
 * when another record points at one it created, the delete's 409 names it and nothing changes.
 */
export function undoImport(
  deps: ImportUndoDeps,
  user: PermissionHolder,
  batchId: string,
): Promise<{ removed: number }> {
  // As runImport: the template revision read before the transaction, not beside it.
  return withTemplateScope(() => undoInScope(deps, user, batchId));
}

async function undoInScope(
  { importer, repository }: ImportUndoDeps,
  user: PermissionHolder,
  batchId: string,
): Promise<{ removed: number }> {
  const batch = await repository.batch(batchId);
  if (!batch) throw new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
  if (batch.undone_at) throw new AppError('CONFLICT', alreadyUndone);
  const { target, scope } = await importer.open(user, batch.form);
  const history = await repository.historyOf(batchId, target.model.table);
  const created = [...new Set(history.filter((h) => h.action === 'create').map((h) => h.record_id))];
  const createdIds = new Set(created);
  // A created record's own updates (a combined id named by its new id) go with the record.
  const updated = history.filter((h) => h.action === 'update' && !createdIds.has(h.record_id)).reverse();
  const removed: Row[] = [];
  let failing: number | undefined;
  try {
    await importer.transaction(async (trx) => {
      for (const id of new Set([...created, ...updated.map((h) => h.record_id)]))
        await importer.stored(trx, target, scope, id);
      for (const entry of updated) {
        const before = valuesBefore(entry.changes);
        if (Object.keys(before).length > 0) await importer.restore(trx, target, entry.record_id, before);
      }
      for (const [id, entries] of linkChanges(history, createdIds))
        await importer.restoreLinks(trx, target, id, entries);
      for (const id of created.reverse()) {
        failing = id;
        removed.push(await importer.remove(trx, target, id));
      }
      failing = undefined;
      await repository.markUndone(trx, batchId);
    });
  } catch (error) {
    if (failing === undefined || error instanceof AppError) throw error;
    throw await importer.removeError(error, target, failing);
  }
  await importer.removedCommitted(target, removed);
  return { removed: created.length };
}
