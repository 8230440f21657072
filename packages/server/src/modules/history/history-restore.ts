import { AppError, ARCHIVE_FILE_OWNERS_DEEPEST_FIRST, type PermissionHolder } from '@mdis/shared';
import type { RecordsService } from '../../engine/records/records.service';
import type { RecordModel } from '../../engine/records/record-model';
import { presentRow } from '../../engine/records/steps/present';
import { isAssigned } from '../files/file-keys';
import { FILE_MODEL } from '../files/files.repository';
import { type HistoryEntries, HISTORY_MESSAGES, parseChanges } from './history-entries';
import type { HistoryRepository, HistoryRow } from './history.repository';

type Row = Record<string, unknown>;

export interface HistoryRestoreDeps {
  repository: HistoryRepository;
  records: RecordsService;
  entries: HistoryEntries;
  /** 'deleted' when the record is gone (and the user may view every record of the model). */
  authorizeRecord: (user: PermissionHolder, model: string, id: number) => Promise<'live' | 'deleted'>;
}

/** `after`: the record as the entry left it; `before`: as it was just before (an update only). */
export type RestoreSide = 'after' | 'before';

const globalRef = (model: string) => ({ kind: 'global', name: model }) as const;

/** Putting a record back to a version: an ordinary update by the user, through the records pipeline. */
export function createHistoryRestore({ repository, records, entries, authorizeRecord }: HistoryRestoreDeps) {
  /**
   * The stored values of the record right after `entry` (or right before it): the later updates
   * undone, newest first.
   */
  async function versionAt(entry: HistoryRow, current: Row, side: RestoreSide): Promise<Row> {
    const state: Row = { ...current };
    const timeline = await repository.list(
      { table: entry.table_name, recordId: entry.record_id },
      { offset: 0, limit: Number.MAX_SAFE_INTEGER },
    );
    for (const row of timeline) {
      if (row.id < entry.id || (row.id === entry.id && side === 'after')) break;
      if (row.action !== 'update') continue;
      for (const [column, pair] of Object.entries(parseChanges(row))) state[column] = (pair as unknown[])[0];
    }
    return state;
  }

  async function entry(entryId: number): Promise<{ row: HistoryRow; model: string }> {
    const row = await repository.get(entryId);
    const model = row && (await entries.modelsByTable()).get(row.table_name);
    if (!row || !model) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.entryNotFound);
    return { row, model };
  }

  /**
   * Restoring is editing: who may view the record and edit its model (the pipeline checks the record
   * again). A deletion restores a record that is gone, any other entry one that exists.
   */
  async function authorize(user: PermissionHolder, entryId: number) {
    const found = await entry(entryId);
    const state = await authorizeRecord(user, found.model, found.row.record_id);
    await records.scope(user, globalRef(found.model), 'edit');
    if (found.row.action === 'delete' && state === 'live')
      throw new AppError('CONFLICT', HISTORY_MESSAGES.recordExists);
    if (found.row.action !== 'delete' && state === 'deleted') {
      throw new AppError('CONFLICT', HISTORY_MESSAGES.deletedRecord);
    }
    return found;
  }

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
   * A deleted record created again under its old id from the values its deletion stored, through
   * the records pipeline (validation, calculations, behaviors; the creation is a history row).
   */
  async function restoreDeleted(user: PermissionHolder, row: HistoryRow, model: string): Promise<Row> {
    const { model: recordModel } = await entries.modelOf(model);
    const stored = parseChanges(row);
    await assertParent(user, recordModel, stored);
    const { id: _id, ...values } = presentRow(recordModel, stored);
    const restored = await records.create(user, globalRef(model), values, row.record_id);
    await relinkFiles(user, model, row);
    return restored;
  }

  /**
   * Sets the record's fields (all, or `fields`) back to their values right after (or before) the entry, as an
   * ordinary update by `user`: the pipeline validates it and the update is a history row itself. A
   * deletion's entry creates the record again.
   */
  async function restore(
    user: PermissionHolder,
    entryId: number,
    fields?: string[],
    side: RestoreSide = 'after',
  ): Promise<Row> {
    const { row, model } = await authorize(user, entryId);
    if (row.action === 'delete') return restoreDeleted(user, row, model);
    if (side === 'before' && row.action !== 'update') {
      throw new AppError('CONFLICT', HISTORY_MESSAGES.nothingBefore);
    }
    const { model: recordModel } = await entries.modelOf(model);
    const stored = await records.stored(user, globalRef(model), row.record_id);
    const version = presentRow(recordModel, await versionAt(row, stored, side));
    const current = presentRow(recordModel, stored);
    const unknown = (fields ?? []).filter((field) => !recordModel.column(field) || field === 'id');
    if (unknown.length > 0) throw new AppError('BAD_REQUEST', HISTORY_MESSAGES.unknownFields(unknown));
    const wanted = fields ?? recordModel.columns.map((column) => column.name).filter((name) => name !== 'id');
    const values: Row = {};
    for (const field of wanted)
      if (JSON.stringify(version[field]) !== JSON.stringify(current[field])) values[field] = version[field];
    if (Object.keys(values).length === 0) throw new AppError('CONFLICT', HISTORY_MESSAGES.nothingToRestore);
    return records.update(user, globalRef(model), row.record_id, values);
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

  return { authorize, restore };
}
