import { AppError, type PermissionHolder } from '@mdis/shared';
import type { RecordsService } from '../../engine/records/records.service';
import { presentRow } from '../../engine/records/steps/present';
import type { RecordModel } from '../../engine/records/record-model';
import { type HistoryEntries, HISTORY_MESSAGES, isLinkRow, parseChanges } from './history-entries';
import { type HistoryLinks, linkColumn, storedLink } from './history-links';
import { createDeletedRestore } from './history-restore-deleted';
import type { HistoryRepository, HistoryRow } from './history.repository';

type Row = Record<string, unknown>;
/** A record's m:n links by column: the related ids, sorted. */
type Links = Record<string, number[]>;

export interface HistoryRestoreDeps {
  repository: HistoryRepository;
  records: RecordsService;
  entries: HistoryEntries;
  links: HistoryLinks;
  /** 'deleted' when the record is gone (and the user may view every record of the model). */
  authorizeRecord: (user: PermissionHolder, model: string, id: number) => Promise<'live' | 'deleted'>;
}

/** `after`: the record as the entry left it; `before`: as it was just before (an update only). */
export type RestoreSide = 'after' | 'before';

const globalRef = (model: string) => ({ kind: 'global', name: model }) as const;

/** Putting a record back to a version: an ordinary update by the user, through the records pipeline. */
export function createHistoryRestore({ repository, records, entries, links, authorizeRecord }: HistoryRestoreDeps) {
  /**
   * The stored values and m:n links of the record right after `entry` (or right before it): the
   * later changes undone, newest first. Reads the record's rows back to the entry only.
   */
  async function versionAt(entry: HistoryRow, current: Row, linked: Links, side: RestoreSide, model: RecordModel) {
    const state: Row = { ...current };
    const sets = new Map(Object.entries(linked).map(([column, ids]) => [column, new Set(ids)]));
    for (const row of await repository.since(entry.table_name, entry.record_id, entry.id)) {
      if (row.id === entry.id && side === 'after') break;
      if (row.action === 'update') {
        for (const [column, pair] of Object.entries(parseChanges(row))) state[column] = (pair as unknown[])[0];
        continue;
      }
      // A save writes its links after its row, in its batch: they belong to the version it made.
      const sameSave = entry.batch_id !== null && row.batch_id === entry.batch_id;
      if (side === 'after' && sameSave) continue;
      const link = isLinkRow(row) ? storedLink(row) : undefined;
      const column = link && linkColumn(model, link);
      if (!link || !column) continue;
      const ids = sets.get(column.name) ?? new Set<number>();
      if (row.action === 'link') ids.delete(link.partnerId);
      else ids.add(link.partnerId);
      sets.set(column.name, ids);
    }
    const versionLinks: Links = {};
    for (const [column, ids] of sets) versionLinks[column] = [...ids].sort((a, b) => a - b);
    return { state, links: versionLinks };
  }

  /** The record's m:n links now, by column, as the records API shows them (sorted ids). */
  async function currentLinks(user: PermissionHolder, model: string, recordModel: RecordModel, id: number) {
    const names = recordModel.relations.manyToMany.map((column) => column.name);
    if (names.length === 0) return {};
    const record = await records.get(user, globalRef(model), id);
    return Object.fromEntries<number[]>(names.map((name) => [name, (record[name] as number[] | undefined) ?? []]));
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
   * Sets the record's fields (all, or `fields`; m:n links included) back to their values right
   * after (or before) the entry, as an ordinary update by `user`: the pipeline validates it and the
   * update is a history row itself. A deletion's entry creates the record again.
   */
  async function restore(
    user: PermissionHolder,
    entryId: number,
    fields?: string[],
    side: RestoreSide = 'after',
  ): Promise<Row> {
    const { row, model } = await authorize(user, entryId);
    if (row.action === 'delete') return restoreDeleted(user, row, model);
    if (side === 'before' && row.action === 'create') throw new AppError('CONFLICT', HISTORY_MESSAGES.nothingBefore);
    const { model: recordModel } = await entries.modelOf(model);
    const linkNames = recordModel.relations.manyToMany.map((column) => column.name);
    const unknown = (fields ?? []).filter(
      (field) => (!recordModel.column(field) && !linkNames.includes(field)) || field === 'id',
    );
    if (unknown.length > 0) throw new AppError('BAD_REQUEST', HISTORY_MESSAGES.unknownFields(unknown));
    const stored = await records.stored(user, globalRef(model), row.record_id);
    const linked = await currentLinks(user, model, recordModel, row.record_id);
    const at = await versionAt(row, stored, linked, side, recordModel);
    const version = { ...presentRow(recordModel, at.state), ...at.links };
    const current = { ...presentRow(recordModel, stored), ...linked };
    const columns = recordModel.columns.map((column) => column.name).filter((name) => name !== 'id');
    const wanted = fields ?? [...columns, ...linkNames];
    const values: Row = {};
    for (const field of wanted)
      if (JSON.stringify(version[field]) !== JSON.stringify(current[field])) values[field] = version[field];
    if (Object.keys(values).length === 0) throw new AppError('CONFLICT', HISTORY_MESSAGES.nothingToRestore);
    return records.update(user, globalRef(model), row.record_id, values);
  }

  const { restoreDeleted } = createDeletedRestore({ repository, records, entries, links, restore });

  return { authorize, restore };
}
