import {
  AppError,
  type AuditQuery,
  type HistoryEntry,
  type HistoryList,
  type HistoryQuery,
  type PermissionHolder,
} from '@mdis/shared';
import { SYSTEM_HISTORY_TABLES } from '../../infra/db/history-triggers';
import { type RecordModel, type TemplateSource, loadRecordModel } from '../../engine/records/record-model';
import type { RecordsService } from '../../engine/records/records.service';
import { presentRow } from '../../engine/records/steps/present';
import type { HistoryConditions, HistoryRepository, HistoryRow } from './history.repository';

type Row = Record<string, unknown>;

export interface HistoryServiceDeps {
  repository: HistoryRepository;
  templates: TemplateSource;
  records: RecordsService;
}

export const HISTORY_MESSAGES = {
  unknownModel: (model: string) => `There is no model named ${model}.`,
  noHistory: 'This record has no history.',
  entryNotFound: 'This version of the record does not exist.',
  deletedRecord: 'The record has been deleted; restore it from its deletion instead.',
  nothingToRestore: 'The record already has these values.',
  unknownFields: (fields: string[]) => `These fields are not part of the record: ${fields.join(', ')}.`,
} as const;

const EXPORT_BATCH = 1000;

const globalRef = (model: string) => ({ kind: 'global', name: model }) as const;

function parseChanges(row: HistoryRow): Row {
  return JSON.parse(row.changes) as Row;
}

/** Stored values → the API's values (arrays for multi-values, numbers as numbers), column by column. */
function presentChanges(model: RecordModel | undefined, row: HistoryRow): Row {
  const changes = parseChanges(row);
  if (!model) return changes;
  if (row.action !== 'update') return presentRow(model, changes);
  const before = presentRow(model, Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, (v as unknown[])[0]])));
  const after = presentRow(model, Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, (v as unknown[])[1]])));
  return Object.fromEntries(Object.keys(changes).map((key) => [key, [before[key], after[key]]]));
}

function pageOf(page: number, perPage: number) {
  return { offset: (page - 1) * perPage, limit: perPage };
}

/**
 * The record history (issue 21): one record's timeline for whoever may view the record, the audit
 * of every write for administrators, and restoring a version through the records pipeline (so
 * validation, calculations and behaviors apply, and the restore is a history row of its own).
 */
export function createHistoryService({ repository, templates, records }: HistoryServiceDeps) {
  async function modelOf(fullName: string) {
    const template = await templates.getModel(fullName);
    if (!template) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.unknownModel(fullName));
    return { template, model: await loadRecordModel(templates, fullName) };
  }

  /** A model's table; the system tables with a history (users, value lists) go by their own names. */
  async function tableOf(name: string): Promise<string> {
    if (SYSTEM_HISTORY_TABLES.some((system) => system.table === name)) return name;
    return (await modelOf(name)).template.table;
  }

  async function modelsByTable(): Promise<Map<string, string>> {
    const models = await templates.listModels();
    return new Map(models.map((model) => [model.table, model.fullName]));
  }

  /** Who may view the record may read its history; of a deleted record, only who may view every record. */
  async function authorizeRecord(user: PermissionHolder, model: string, id: number): Promise<'live' | 'deleted'> {
    try {
      await records.get(user, globalRef(model), id);
      return 'live';
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    }
    const scope = await records.scope(user, globalRef(model), 'view');
    if (scope.restricted) throw new AppError('FORBIDDEN', 'You are not allowed to perform this action.');
    return 'deleted';
  }

  async function toEntries(rows: HistoryRow[], modelName?: string): Promise<HistoryEntry[]> {
    const names = modelName ? undefined : await modelsByTable();
    const models = new Map<string, RecordModel | undefined>();
    const entries: HistoryEntry[] = [];
    for (const row of rows) {
      const fullName = modelName ?? names?.get(row.table_name) ?? row.table_name;
      if (!models.has(fullName)) {
        const exists = await templates.getModel(fullName);
        models.set(fullName, exists ? await loadRecordModel(templates, fullName) : undefined);
      }
      entries.push({
        id: row.id,
        at: row.at,
        action: row.action,
        model: fullName,
        recordId: row.record_id,
        user: { id: row.user_id, name: row.user_name },
        batchId: row.batch_id,
        route: row.route,
        client: row.client,
        changes: presentChanges(models.get(fullName), row),
      });
    }
    return entries;
  }

  async function listOf(where: HistoryConditions, page: number, perPage: number, model?: string): Promise<HistoryList> {
    const [rows, totalCount] = await Promise.all([
      repository.list(where, pageOf(page, perPage)),
      repository.count(where),
    ]);
    return {
      items: await toEntries(rows, model),
      _meta: { totalCount, pageCount: Math.ceil(totalCount / perPage), currentPage: page, perPage },
    };
  }

  /** The stored values of the record right after `entry`: the later updates undone, newest first. */
  async function versionAfter(entry: HistoryRow, current: Row): Promise<Row> {
    const state: Row = { ...current };
    const later = await repository.list(
      { table: entry.table_name, recordId: entry.record_id },
      { offset: 0, limit: Number.MAX_SAFE_INTEGER },
    );
    for (const row of later) {
      if (row.id <= entry.id) break;
      if (row.action !== 'update') continue;
      for (const [column, pair] of Object.entries(parseChanges(row))) state[column] = (pair as unknown[])[0];
    }
    return state;
  }

  async function auditConditions(query: AuditQuery): Promise<HistoryConditions> {
    const table = query.model === undefined ? undefined : await tableOf(query.model);
    return {
      table,
      recordId: query.record,
      userId: query.user,
      action: query.action,
      batchId: query.batch,
      from: query.from,
      to: query.to,
    };
  }

  /** Restoring is editing: who may view the record and edit its model (the pipeline checks the record again). */
  async function authorizeRestore(user: PermissionHolder, row: HistoryRow, model: string): Promise<void> {
    const state = await authorizeRecord(user, model, row.record_id);
    await records.scope(user, globalRef(model), 'edit');
    if (state === 'deleted') throw new AppError('CONFLICT', HISTORY_MESSAGES.deletedRecord);
  }

  async function entry(entryId: number): Promise<{ row: HistoryRow; model: string }> {
    const row = await repository.get(entryId);
    const model = row && (await modelsByTable()).get(row.table_name);
    if (!row || !model) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.entryNotFound);
    return { row, model };
  }

  return {
    authorizeRestore: async (user: PermissionHolder, entryId: number) => {
      const { row, model } = await entry(entryId);
      await authorizeRestore(user, row, model);
    },

    forRecord: async (user: PermissionHolder, query: HistoryQuery): Promise<HistoryList> => {
      const { template } = await modelOf(query.model);
      await authorizeRecord(user, query.model, query.id);
      const where = { table: template.table, recordId: query.id };
      return listOf(where, query.page, query['per-page'], query.model);
    },

    audit: async (query: AuditQuery): Promise<HistoryList> =>
      listOf(await auditConditions(query), query.page, query['per-page']),

    /** Every entry the audit query matches (its page aside), oldest first, in batches. */
    auditBatches: async function* (query: AuditQuery): AsyncGenerator<HistoryEntry[]> {
      const where = await auditConditions(query);
      let after = 0;
      for (;;) {
        const rows = await repository.batchAfter(where, after, EXPORT_BATCH);
        if (rows.length === 0) return;
        yield await toEntries(rows);
        after = rows[rows.length - 1].id;
      }
    },

    /**
     * Sets the record's fields (all, or `fields`) back to their values right after the entry, as an
     * ordinary update by `user`: the pipeline validates it and the update is a history row itself.
     */
    restore: async (user: PermissionHolder, entryId: number, fields?: string[]): Promise<Row> => {
      const { row, model } = await entry(entryId);
      await authorizeRestore(user, row, model);
      const { model: recordModel } = await modelOf(model);
      const stored = await records.stored(user, globalRef(model), row.record_id);
      const version = presentRow(recordModel, await versionAfter(row, stored));
      const current = presentRow(recordModel, stored);
      const unknown = (fields ?? []).filter((field) => !recordModel.column(field) || field === 'id');
      if (unknown.length > 0) throw new AppError('BAD_REQUEST', HISTORY_MESSAGES.unknownFields(unknown));
      const wanted = fields ?? recordModel.columns.map((column) => column.name).filter((name) => name !== 'id');
      const values: Row = {};
      for (const field of wanted)
        if (JSON.stringify(version[field]) !== JSON.stringify(current[field])) values[field] = version[field];
      if (Object.keys(values).length === 0) throw new AppError('CONFLICT', HISTORY_MESSAGES.nothingToRestore);
      return records.update(user, globalRef(model), row.record_id, values);
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
