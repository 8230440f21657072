import {
  AppError,
  type AuditQuery,
  type HistoryEntry,
  type HistoryList,
  type HistoryQuery,
  type PermissionHolder,
} from '@mdis/shared';
import type { TemplateSource } from '../../engine/records/record-model';
import { DELETED_SEARCH_COLUMNS } from '../../infra/db/history-search';
import { NOT_ALLOWED } from '../../engine/records/record-access';
import type { RecordsService } from '../../engine/records/records.service';
import { createHistoryEntries } from './history-entries';
import { createHistoryLinks } from './history-links';
import { createHistoryRestore } from './history-restore';
import type { HistoryConditions, HistoryRepository } from './history.repository';

export interface HistoryServiceDeps {
  repository: HistoryRepository;
  templates: TemplateSource;
  records: RecordsService;
}

const EXPORT_BATCH = 1000;
/** The most deleted records one search answers (a search names one record; a few may share a text). */
const DELETED_SEARCH_MAX = 50;

const globalRef = (model: string) => ({ kind: 'global', name: model }) as const;

/**
 * The record history (issue 21): one record's timeline for whoever may view the record, the audit
 * of every write for administrators, and restoring a version through the records pipeline (so
 * validation, calculations and behaviors apply, and the restore is a history row of its own).
 */
export function createHistoryService({ repository, templates, records }: HistoryServiceDeps) {
  const links = createHistoryLinks({ repository, records, templates });
  const entries = createHistoryEntries(templates, (user, model, rows) => links.present(user, model, rows));

  /** Who may view the record may read its history; of a deleted record, only who may view every record. */
  async function authorizeRecord(user: PermissionHolder, model: string, id: number): Promise<'live' | 'deleted'> {
    try {
      await records.get(user, globalRef(model), id);
      return 'live';
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    }
    await authorizeDeleted(user, model);
    return 'deleted';
  }

  /** Deleted records are out of every scope: only who may view every record of the model may see them. */
  async function authorizeDeleted(user: PermissionHolder, model: string): Promise<void> {
    const scope = await records.scope(user, globalRef(model), 'view');
    if (scope.restricted) throw new AppError('FORBIDDEN', NOT_ALLOWED);
  }

  async function listOf(
    user: PermissionHolder,
    where: HistoryConditions,
    page: number,
    perPage: number,
    model?: string,
  ): Promise<HistoryList> {
    const offset = (page - 1) * perPage;
    const [rows, totalCount] = await Promise.all([
      repository.list(where, { offset, limit: perPage }),
      repository.count(where),
    ]);
    return {
      items: await entries.toEntries(user, rows, model),
      _meta: { totalCount, pageCount: Math.ceil(totalCount / perPage), currentPage: page, perPage },
    };
  }

  async function auditConditions(query: AuditQuery): Promise<HistoryConditions> {
    return {
      table: query.model === undefined ? undefined : await entries.tableOf(query.model),
      recordId: query.record,
      userId: query.user,
      action: query.action,
      batchId: query.batch,
      from: query.from,
      to: query.to,
    };
  }

  const restoring = createHistoryRestore({ repository, records, entries, links, authorizeRecord });

  return {
    authorizeDeleted,
    authorizeRestore: (user: PermissionHolder, entryId: number) => restoring.authorize(user, entryId),
    restore: restoring.restore,

    forRecord: async (user: PermissionHolder, query: HistoryQuery): Promise<HistoryList> => {
      const { template } = await entries.modelOf(query.model);
      await authorizeRecord(user, query.model, query.id);
      const where = { table: template.table, recordId: query.id };
      return listOf(user, where, query.page, query['per-page'], query.model);
    },

    /**
     * Deleted records of `model` (still gone) whose id, combined id or IGSN is `text`: their deletion
     * entries, newest first, one per record; for whoever may view every record of the model.
     */
    deleted: async (user: PermissionHolder, modelName: string, text: string): Promise<HistoryEntry[]> => {
      const { template, model } = await entries.modelOf(modelName);
      await authorizeDeleted(user, modelName);
      const recordId = /^\d{1,15}$/.test(text) ? Number(text) : undefined;
      const columns = DELETED_SEARCH_COLUMNS.filter((name) => model.column(name));
      if (recordId === undefined && columns.length === 0) return [];
      const rows = await repository.deleted({
        table: template.table,
        recordId,
        columns,
        text,
        limit: DELETED_SEARCH_MAX,
      });
      const seen = new Set<number>();
      const newest = rows.filter((row) => !seen.has(row.record_id) && seen.add(row.record_id));
      return entries.toEntries(user, newest, modelName);
    },

    audit: async (user: PermissionHolder, query: AuditQuery): Promise<HistoryList> =>
      listOf(user, await auditConditions(query), query.page, query['per-page']),

    /** Every entry the audit query matches (its page aside), oldest first, in batches. */
    auditBatches: async function* (user: PermissionHolder, query: AuditQuery): AsyncGenerator<HistoryEntry[]> {
      const where = await auditConditions(query);
      let after = 0;
      for (;;) {
        const rows = await repository.batchAfter(where, after, EXPORT_BATCH);
        if (rows.length === 0) return;
        yield await entries.toEntries(user, rows);
        after = rows[rows.length - 1].id;
      }
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
