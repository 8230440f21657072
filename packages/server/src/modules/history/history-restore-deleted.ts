import { AppError, ARCHIVE_FILE_OWNERS_DEEPEST_FIRST, type PermissionHolder } from '@mdis/shared';
import type { RecordModel } from '../../engine/records/record-model';
import type { RecordsService } from '../../engine/records/records.service';
import { presentRow } from '../../engine/records/steps/present';
import { isAssigned } from '../files/file-keys';
import { FILE_MODEL } from '../files/files.repository';
import { type HistoryEntries, HISTORY_MESSAGES, parseChanges } from './history-entries';
import type { HistoryLinks } from './history-links';
import type { HistoryRepository, HistoryRow } from './history.repository';

type Row = Record<string, unknown>;

export interface DeletedRestoreDeps {
  repository: HistoryRepository;
  records: RecordsService;
  entries: HistoryEntries;
  links: HistoryLinks;
  /** An entry's restore (history-restore.ts): undoes a file's unassign. */
  restore: (user: PermissionHolder, entryId: number, fields: string[], side: 'before') => Promise<Row>;
}

const globalRef = (model: string) => ({ kind: 'global', name: model }) as const;

/** A deleted record created again from its deletion's entry, with the files unassigned from it. */
export function createDeletedRestore({ repository, records, entries, links, restore }: DeletedRestoreDeps) {
  /** Its parent must still exist: a restored record never hangs from nothing. */
  async function assertParent(user: PermissionHolder, recordModel: RecordModel, stored: Row) {
    const parent = recordModel.ancestors.at(0);
    const parentId = recordModel.parentColumn ? stored[recordModel.parentColumn] : undefined;
    if (!parent || parentId === null || parentId === undefined) return;
    try {
      await records.get(user, globalRef(parent.template.fullName), Number(parentId));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
      throw new AppError('CONFLICT', HISTORY_MESSAGES.parentGone(parent.template.fullName, Number(parentId)));
    }
  }

  /**
   * The archive files unassigned from the record before its deletion get their link back: each
   * unassign undone (its columns as they were before it) when the file still exists and is
   * unassigned. Best effort: a file that cannot go back (taken name, refused) stays unassigned.
   */
  async function relinkFiles(user: PermissionHolder, model: string, deletion: HistoryRow): Promise<void> {
    const level = ARCHIVE_FILE_OWNERS_DEEPEST_FIRST.find((owner) => owner.model === model);
    if (!level) return;
    const { template } = await entries.modelOf(FILE_MODEL);
    const unassigns = await repository.cleared(template.table, level.column, deletion.record_id, deletion.id);
    const done = new Set<number>();
    for (const unassign of unassigns) {
      if (done.has(unassign.record_id)) continue;
      done.add(unassign.record_id);
      try {
        const file = await records.stored(user, globalRef(FILE_MODEL), unassign.record_id);
        if (isAssigned(file)) continue;
        await restore(user, unassign.id, Object.keys(parseChanges(unassign)), 'before');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
  }

  return {
    /**
     * A deleted record created again under its old id from the values its deletion stored, with its
     * m:n links to the partners that still exist, through the records pipeline (validation,
     * calculations, behaviors; the creation and the links are history rows).
     */
    restoreDeleted: async (user: PermissionHolder, row: HistoryRow, model: string): Promise<Row> => {
      const { model: recordModel } = await entries.modelOf(model);
      const stored = parseChanges(row);
      await assertParent(user, recordModel, stored);
      const { id: _id, ...values } = presentRow(recordModel, stored);
      const linked = await links.atDeletion(user, recordModel, row);
      const restored = await records.create(user, globalRef(model), { ...values, ...linked }, row.record_id);
      await relinkFiles(user, model, row);
      return restored;
    },
  };
}
