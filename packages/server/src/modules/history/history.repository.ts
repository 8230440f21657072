import type { HistoryAction } from '@mdis/shared';
import { type Selectable, sql } from 'kysely';
import type { Db, RecordHistoryTable } from '../../infra/db/schema';
import type { Dialect } from '../../infra/db/dialect';
import { DELETION, type DeletedSearchColumn, deletedValue } from '../../infra/db/history-search';

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

/** A deleted record looked for: its table, and what the search text may equal. */
export interface DeletedSearch {
  table: string;
  /** The id, when the text is a number. */
  recordId: number | undefined;
  /** Stored text columns of the record compared with the text (case aside). */
  columns: readonly DeletedSearchColumn[];
  text: string;
  limit: number;
}

/** Reads of `record_history`; rows are only ever written by the tables' triggers. */
export function createHistoryRepository(db: Db, dialect: Dialect) {
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
  /**
   * The deletions of records of `table` that are still gone, newest first, whose id or stored text
   * columns equal the search: one branch per way of finding, each on its own index (the record
   * index, the deletions' expression indexes), united (a row found twice counts once).
   */
  const deletedQuery = (search: DeletedSearch) => {
    const deletions = () =>
      db.selectFrom('record_history').selectAll().where('table_name', '=', search.table).where('action', '=', DELETION);
    const text = search.text.toLowerCase();
    const branches = [
      ...(search.recordId === undefined ? [] : [deletions().where('record_id', '=', search.recordId)]),
      ...search.columns.map((column) => deletions().where(deletedValue(dialect, column), '=', text)),
    ];
    if (branches.length === 0) return undefined;
    const [first, ...rest] = branches;
    return db
      .selectFrom(rest.reduce((union, branch) => union.union(branch), first).as('h'))
      .selectAll('h')
      .where(sql<boolean>`not exists (select 1 from ${sql.table(search.table)} t where t.id = h.record_id)`)
      .orderBy('h.id', 'desc')
      .limit(search.limit);
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

    /** The deletions `search` finds (a test reads its plan); undefined: nothing to look for. */
    deletedQuery,

    deleted: (search: DeletedSearch): Promise<HistoryRow[]> => deletedQuery(search)?.execute() ?? Promise.resolve([]),

    /**
     * The updates of `table` (before entry `beforeId`) that cleared `column` from `recordId`: e.g. the
     * files unassigned from a record before it was deleted, newest first.
     */
    cleared: (table: string, column: string, recordId: number, beforeId: number): Promise<HistoryRow[]> =>
      db
        .selectFrom('record_history')
        .selectAll()
        .where('table_name', '=', table)
        .where('action', '=', 'update')
        .where('id', '<', beforeId)
        .where(
          dialect === 'postgres'
            ? sql<boolean>`changes::jsonb -> ${column}::text ->> 0 = ${String(recordId)} and changes::jsonb -> ${column}::text -> 1 = 'null'::jsonb`
            : sql<boolean>`cast(json_extract(changes, ${`$.${column}[0]`}) as text) = ${String(recordId)} and json_type(changes, ${`$.${column}[1]`}) = 'null'`,
        )
        .orderBy('id', 'desc')
        .execute(),

    /** The rows of one record from entry `fromId` on, newest first: what replaying back to it needs. */
    since: (table: string, recordId: number, fromId: number): Promise<HistoryRow[]> =>
      db
        .selectFrom('record_history')
        .selectAll()
        .where('table_name', '=', table)
        .where('record_id', '=', recordId)
        .where('id', '>=', fromId)
        .orderBy('id', 'desc')
        .execute(),

    /** The rows of one record in one batch (null: written outside any), oldest first. */
    inBatch: (table: string, recordId: number, batchId: string | null): Promise<HistoryRow[]> =>
      db
        .selectFrom('record_history')
        .selectAll()
        .where('table_name', '=', table)
        .where('record_id', '=', recordId)
        .where('batch_id', batchId === null ? 'is' : '=', batchId)
        .orderBy('id')
        .execute(),

    /** The latest deletion of each of `ids` of `table` (on the record index). */
    deletions: (table: string, ids: readonly number[]): Promise<HistoryRow[]> =>
      db
        .selectFrom('record_history')
        .selectAll()
        .where('table_name', '=', table)
        .where('record_id', 'in', ids)
        .where('action', '=', 'delete')
        .orderBy('id')
        .execute(),

    get: (id: number): Promise<HistoryRow | undefined> =>
      db.selectFrom('record_history').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
