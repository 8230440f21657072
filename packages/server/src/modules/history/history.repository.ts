import type { HistoryAction } from '@mdis/shared';
import type { Selectable } from 'kysely';
import type { Db, RecordHistoryTable } from '../../infra/db/schema';

export type HistoryRow = Selectable<RecordHistoryTable>;

export interface HistoryConditions {
  table?: string;
  recordId?: number;
  userId?: number;
  action?: HistoryAction;
  batchId?: string;
  /** UTC, inclusive / exclusive, compared as ISO text (`at` is ISO text). */
  from?: string;
  to?: string;
}

export interface HistoryPage {
  offset: number;
  limit: number;
}

/** Reads of `record_history`; rows are only ever written by the tables' triggers. */
export function createHistoryRepository(db: Db) {
  const matching = (where: HistoryConditions) => {
    let query = db.selectFrom('record_history');
    if (where.table !== undefined) query = query.where('table_name', '=', where.table);
    if (where.recordId !== undefined) query = query.where('record_id', '=', where.recordId);
    if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
    if (where.action !== undefined) query = query.where('action', '=', where.action);
    if (where.batchId !== undefined) query = query.where('batch_id', '=', where.batchId);
    if (where.from !== undefined) query = query.where('at', '>=', where.from);
    if (where.to !== undefined) query = query.where('at', '<', where.to);
    return query;
  };
  return {
    /** Newest first: the id order is the write order (one sequence for every table). */
    list: (where: HistoryConditions, page: HistoryPage): Promise<HistoryRow[]> =>
      matching(where).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),

    count: async (where: HistoryConditions): Promise<number> => {
      const row = await matching(where)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Rows after `afterId` (oldest first), for an export that reads in bounded batches. */
    batchAfter: (where: HistoryConditions, afterId: number, limit: number): Promise<HistoryRow[]> =>
      matching(where).selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute(),

    get: (id: number): Promise<HistoryRow | undefined> =>
      db.selectFrom('record_history').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
