import { AppError, type PermissionHolder } from '@mdis/shared';
import type { RecordsService } from '../../engine/records/records.service';
import { presentRow } from '../../engine/records/steps/present';
import { type HistoryEntries, HISTORY_MESSAGES, parseChanges } from './history-entries';
import { createDeletedRestore } from './history-restore-deleted';
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

  const { restoreDeleted } = createDeletedRestore({ repository, records, entries, restore });

  return { authorize, restore };
}
