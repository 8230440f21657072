import { AppError, type ListMeta, type ListQuery, parseSortTerms, type PermissionHolder } from '@mdis/shared';
import { type SqlBool, sql } from 'kysely';
import { listMeta, pageWindow } from '../../infra/http/list-query';
import type { Row } from './dynamic-db';
import { type RecordAction, type RecordScope, accessKeyOf, aliasOfLevel, withScope } from './record-access';
import { listColumns } from './computed-columns';
import { pseudoPathColumns } from './pseudo-columns';
import { type QueryColumn, queryColumns, quotedRef } from './record-columns';
import { COUNT_CAP, type ListCount } from './record-count';
import { type Conditions, filterConditions, orderTerms } from './record-query';
import {
  CURSOR_MESSAGES,
  type Keyset,
  afterCondition,
  decodeCursor,
  encodeCursor,
  hiddenKeyColumns,
  keysetOf,
} from './record-keyset';
import type { RecordModel } from './record-model';
import { type RecordTargetRef, resolveTarget } from './record-target';
import type { RecordsDeps } from './records-deps';
import { ACCESS_KEY, authorize, authorizeRecord } from './steps/authorize';
import { presentRows } from './steps/present';
import { presentRelationValues } from './steps/relation-values';
import { reversedRead } from './reversed-page';
import { filterHints } from './filter-hints';
import { memoByObject } from '../../infra/memo-by-object';

export const RECORD_NOT_FOUND = 'Record not found.';

export interface RecordList {
  items: Row[];
  _meta: ListMeta;
}

/** The hidden selection of a record's access key (its own or an ancestor's combined_id), once per model. */
export const accessKeyColumn = memoByObject((model: RecordModel): readonly QueryColumn[] => {
  const key = accessKeyOf(model);
  const ref = key && sql.raw(quotedRef(aliasOfLevel(model, key.level), key.column));
  return key && ref ? [{ name: ACCESS_KEY, ref, kind: 'text', level: key.level }] : [];
});

/** The many_to_many columns `fields=a,b` names (they are read by their own query, not selected). */
function namedLinks(model: RecordModel, fields: string[] | undefined) {
  return model.relations.manyToMany.filter((column) => fields?.includes(column.name));
}

/**
 * The selected columns: all of them, or `fields=a,b` when every name is a known column. Naming a
 * many_to_many column selects the id as well: its values are attached by record id.
 */
function selectedColumns(model: RecordModel, fields: string[] | undefined): QueryColumn[] {
  const columns = queryColumns(model);
  const links = namedLinks(model, fields);
  const names =
    links.length > 0 ? ['id', ...(fields ?? []).filter((f) => f !== 'id' && !links.some((l) => l.name === f))] : fields;
  const chosen = names?.map((name) => columns.get(name));
  // Like the original, a field that is not a column falls back to the whole record.
  if (chosen?.every((c): c is QueryColumn => c !== undefined)) return chosen;
  return [...columns.values()];
}

/** Only the records with these ids (a report's ticked rows): one IN condition, not a query per id. */
function withIds(where: Conditions, ids: readonly number[] | undefined): Conditions {
  if (ids === undefined) return where;
  const condition =
    ids.length === 0
      ? sql<SqlBool>`1 = 0`
      : sql<SqlBool>`${sql.ref('r.id')} IN (${sql.join(ids.map((id) => sql`${id}`))})`;
  return { ...where, sql: [...where.sql, condition] };
}

/**
 * Only the records a batch wrote (`batch=`: the link of an import's result): the batch's history
 * rows on the model's table, found by the history's batch index, as one semi-join however many.
 */
function withBatch(where: Conditions, model: RecordModel, batch: string | undefined): Conditions {
  if (batch === undefined) return where;
  const written = sql<SqlBool>`${sql.ref('r.id')} IN (SELECT h.record_id FROM record_history h WHERE h.batch_id = ${batch} AND h.table_name = ${model.table})`;
  return { ...where, sql: [...where.sql, written] };
}

/**
 * A list request: the route's parsed query, or what an internal caller sets (page and per-page
 * default to 1 and 20 as on the wire).
 */
export type ListRequest = Partial<ListQuery>;

export interface ListOptions {
  /** Restrict the list to these record ids (on top of filters and scope). */
  ids?: readonly number[];
  /**
   * The total: as for a page (default; the counter or a bounded count), `exact` (a report's
   * x-total-count), or `skip` (the next batch of an export: no count query, totalCount is a lower bound).
   */
  count?: 'page' | 'exact' | 'skip';
}

/** The condition of the rows after a cursor; a 400 when the sort cannot seek or the cursor is not one. */
function seekAfter(keyset: Keyset | undefined, cursor: string, sort: string | undefined) {
  if (!keyset) throw new AppError('BAD_REQUEST', CURSOR_MESSAGES.unsupported(sort ?? ''));
  return afterCondition(keyset, decodeCursor(keyset, cursor));
}

type Repository = RecordsDeps['repository'];

/** One stored record with its ancestor ids and hidden access key, or a 404. */
async function findStoredRecord(repository: Repository, model: RecordModel, id: number): Promise<Row> {
  const where: Conditions = { sql: [sql`${sql.ref('r.id')} = ${id}`], level: 0 };
  const columns = [...queryColumns(model).values()];
  const hidden = [...accessKeyColumn(model), ...pseudoPathColumns(model)];
  const rows = await repository.select(model, { columns, hidden, where, order: [] });
  const row = rows.at(0);
  if (!row) throw new AppError('NOT_FOUND', RECORD_NOT_FOUND);
  return row;
}

/**
 * The page and the list's total. With selected-record-id the record's position needs the exact
 * count (same statement); otherwise the counter or a count bounded at the end of the page.
 */
async function countPage(
  repository: Repository,
  { model, where, order }: ListPlan,
  query: ListRequest,
  how: ListOptions['count'] = 'page',
) {
  const selected = query['selected-record-id'];
  if (selected !== undefined) {
    const exact = await repository.count(model, where, order, selected);
    const count: ListCount = { total: exact.total, exact: true, lowerBound: false };
    return { window: pageWindow(query, exact.position), count };
  }
  const window = pageWindow(query);
  if (how === 'skip') return { window, count: undefined };
  if (window.limit === undefined || how === 'exact') {
    const exact = await repository.count(model, where, order);
    return { window, count: { total: exact.total, exact: true, lowerBound: false } satisfies ListCount };
  }
  const cap = Math.max(COUNT_CAP, Math.min(window.offset + window.limit, Number.MAX_SAFE_INTEGER - 1));
  return { window, count: await repository.countList(model, where, cap) };
}

/** What every read of a list shares: the model, its WHERE (filters, scope, ids), its order and keyset. */
async function listPlan(
  deps: RecordsDeps,
  user: PermissionHolder,
  ref: RecordTargetRef,
  query: ListRequest,
  options: ListOptions,
) {
  const { repository, templates, dialect } = deps;
  const target = await resolveTarget(templates, ref);
  const scope = authorize(user, target, 'view');
  const { model } = target;
  const filters = query.filter ?? {};
  // Sorts and filters may name the pseudo columns computed in SQL, not only stored columns.
  const { columns: sortable } = await listColumns(deps, model);
  const hints = await filterHints(repository, dialect, model, filters, sortable);
  const conditions = filterConditions(model, filters, dialect, hints, sortable);
  const where = withBatch(withIds(withScope(model, conditions, scope), options.ids), model, query.batch);
  const sort = parseSortTerms(query.sort);
  const order = orderTerms(model, sort, sortable);
  const names = sort.map((term) => term.column);
  return { model, where, order, keyset: keysetOf(model, dialect, names, order, sortable) };
}

type ListPlan = Awaited<ReturnType<typeof listPlan>>;

/** The stored rows of one page (after the cursor, or at the offset; a back-half page read backwards) and the count. */
async function readPageRows(repository: Repository, plan: ListPlan, query: ListRequest, how: ListOptions['count']) {
  const { model, where, order, keyset } = plan;
  // A cursor replaces the offset: the rows after the cursor's row (the count ignores it).
  const after = query.cursor === undefined ? undefined : seekAfter(keyset, query.cursor, query.sort);
  const { window, count } = await countPage(repository, plan, query, how);
  const columns = selectedColumns(model, query.fields);
  const whole = columns.length === queryColumns(model).size;
  // A page in the back half of an exactly counted list is read backwards (reversed-page.ts).
  const reversed = after ? undefined : reversedRead(order, window, count);
  const read = reversed ?? { order, limit: window.limit, offset: after ? 0 : window.offset };
  const rows =
    read.limit === 0
      ? []
      : await repository.select(model, {
          columns,
          // Computed pseudo columns need their parent paths: joined here, not fetched per row.
          hidden: [...(whole ? pseudoPathColumns(model) : []), ...(keyset ? hiddenKeyColumns(keyset, columns) : [])],
          where: after ? { ...where, sql: [...where.sql, after] } : where,
          ...read,
        });
  if (reversed) rows.reverse();
  return { rows, window, count, whole };
}

type PageRows = Awaited<ReturnType<typeof readPageRows>>;

/** The page as the API answers it: the next cursor, the presented rows with their links, the meta. */
async function presentPage(deps: RecordsDeps, plan: ListPlan, query: ListRequest, page: PageRows): Promise<RecordList> {
  const { model, keyset } = plan;
  const { rows, window, count, whole } = page;
  const last = rows.at(-1);
  const full = window.limit !== undefined && rows.length === window.limit;
  const nextCursor = keyset && full && last ? encodeCursor(keyset, last) : undefined;
  // The rows are this call's own (the cursor was read above): presented in place.
  const items = await presentRows(model, rows, whole ? deps.computePseudo : undefined, true);
  const links = whole ? model.relations.manyToMany : namedLinks(model, query.fields);
  await presentRelationValues(deps.links, model, items, links);
  // Without a count (an export's later batches) the total is what has been read so far.
  const total = count ?? { total: window.offset + rows.length, exact: false, lowerBound: true };
  const meta = listMeta(window, total.total, total.exact ? undefined : total);
  return { items, _meta: nextCursor === undefined ? meta : { ...meta, nextCursor } };
}

/** One record the user may view (404 unknown, 403 outside a limited-access scope), with its target. */
async function viewedRecord(deps: RecordsDeps, user: PermissionHolder, ref: RecordTargetRef, id: number) {
  const target = await resolveTarget(deps.templates, ref);
  const scope = authorize(user, target, 'view');
  const row = await findStoredRecord(deps.repository, target.model, id);
  authorizeRecord(scope, target, row);
  return { target, row };
}

export function createRecordsReader(deps: RecordsDeps) {
  const { repository, templates } = deps;

  return {
    /** One stored record with its ancestor ids and hidden access key, or a 404. */
    findRecord: (model: RecordModel, id: number): Promise<Row> => findStoredRecord(repository, model, id),

    /** Which records of a form or model the user may view or edit (403 when none): for callers outside the pipeline. */
    scope: async (user: PermissionHolder, ref: RecordTargetRef, action: RecordAction): Promise<RecordScope> =>
      authorize(user, await resolveTarget(templates, ref), action),

    /** GET list: exactly one count query and one data query, whatever the page size. */
    list: async (
      user: PermissionHolder,
      ref: RecordTargetRef,
      query: ListRequest,
      options: ListOptions = {},
    ): Promise<RecordList> => {
      const plan = await listPlan(deps, user, ref, query, options);
      const page = await readPageRows(repository, plan, query, options.count);
      return presentPage(deps, plan, query, page);
    },

    /**
     * The ids of the whole list in its order (filters, scope and sort as list()), packed: what an
     * export of a list its index cannot seek through reads first, at 8 bytes a record.
     */
    listIds: async (user: PermissionHolder, ref: RecordTargetRef, query: ListRequest, options: ListOptions = {}) => {
      const { model, where, order } = await listPlan(deps, user, ref, query, options);
      return repository.orderedIds(model, where, order);
    },

    /** Whether the list in this sort pages by cursor (an index serves the sort; see record-keyset.ts). */
    seeks: async (user: PermissionHolder, ref: RecordTargetRef, query: ListRequest) =>
      (await listPlan(deps, user, ref, query, {})).keyset !== undefined,

    /** One record's stored columns in storage form (no pseudo columns), authorized as a GET. */
    stored: async (user: PermissionHolder, ref: RecordTargetRef, id: number): Promise<Row> => {
      const { target, row } = await viewedRecord(deps, user, ref, id);
      const columns = target.model.columns.filter((column) => Object.hasOwn(row, column.name));
      return Object.fromEntries(columns.map((column) => [column.name, row[column.name]]));
    },

    /** GET {id}: 404 for an unknown record, 403 outside a limited-access scope. */
    get: async (user: PermissionHolder, ref: RecordTargetRef, id: number): Promise<Row> => {
      const { target, row } = await viewedRecord(deps, user, ref, id);
      const records = await presentRows(target.model, [row], deps.computePseudo);
      await presentRelationValues(deps.links, target.model, records);
      return records[0];
    },
  };
}
