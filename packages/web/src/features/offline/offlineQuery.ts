import {
  ALL_ROWS,
  filterColumnInfo,
  isWholeList,
  matchesFilter,
  parseFilterQuery,
  type FilterListItem,
  type FilterNode,
  type FormTemplate,
  type ListMeta,
  type ModelTemplate,
  valueText,
} from '@mdis/shared';

/**
 * The list call (`GET api/v1/form?name=`) answered in the browser from an offline scope: the
 * shared filter interpreter (the one that agrees with the server's SQL compiler), the list's sort
 * and its paging. Pure: the store hands in the records.
 */

type Row = Record<string, unknown>;

export interface OfflineListQuery {
  page: number;
  perPage: number;
  sort: string;
  filter: Record<string, string>;
  selectedId?: number;
}

/** `page`, `per-page`, `sort`, `filter[col]` and `selected-record-id` of a list URL. */
export function readListQuery(params: URLSearchParams): OfflineListQuery {
  const filter: Record<string, string> = {};
  for (const [key, value] of params) {
    const column = /^filter\[(.+)\]$/.exec(key)?.[1];
    if (column) filter[column] = value;
  }
  const number = (key: string, fallback: number) => {
    const value = Number(params.get(key) ?? fallback);
    return Number.isFinite(value) ? value : fallback;
  };
  const selected = params.get('selected-record-id');
  return {
    page: number('page', 1),
    perPage: number('per-page', 20),
    sort: params.get('sort') ?? 'id',
    filter,
    ...(selected !== null && /^-?\d+$/.test(selected) ? { selectedId: Number(selected) } : {}),
  };
}

/** The filter nodes of a list's `filter[col]`; a column the model lacks (a pseudo column) is read as text. */
export function filterNodes(model: ModelTemplate | undefined, filter: Readonly<Record<string, string>>): FilterNode[] {
  const columns = model?.columns ?? {};
  return parseFilterQuery(filter, (name) => {
    const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
    if (!column) return { kind: 'text' };
    return filterColumnInfo(column) ?? { kind: 'number' };
  });
}

function compareValues(a: unknown, b: unknown): number {
  // NULLs first ascending, as the server's list sorts them
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [valueText(a), valueText(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Where an id sorts: records created offline (negative temporary ids) after the server's, in the
 * order they were made, as the ids the server will give them do.
 */
const idOrder = (id: unknown): unknown => (typeof id === 'number' && id < 0 ? 2 ** 52 - id : id);

/** Sorts by `a,-b` (ties by id, as the server's list breaks them). */
export function sortRecords(rows: readonly Row[], sort: string): Row[] {
  const terms = sort
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean)
    .map((term) => ({ column: term.replace(/^-/, ''), desc: term.startsWith('-') }));
  if (!terms.some((t) => t.column === 'id')) terms.push({ column: 'id', desc: false });
  return [...rows].sort((a, b) => {
    for (const { column, desc } of terms) {
      const order = column === 'id' ? compareValues(idOrder(a.id), idOrder(b.id)) : compareValues(a[column], b[column]);
      if (order !== 0) return desc ? -order : order;
    }
    return 0;
  });
}

export interface OfflineList {
  items: Row[];
  _meta: ListMeta;
}

/** One page of the records that pass the filter, sorted; the page holding `selectedId` when asked for. */
export function answerList(
  rows: readonly Row[],
  model: ModelTemplate | undefined,
  query: OfflineListQuery,
  lists: Readonly<Record<string, readonly FilterListItem[]>> = {},
): OfflineList {
  const nodes = filterNodes(model, query.filter);
  const sorted = sortRecords(
    rows.filter((row) => matchesFilter(row, nodes, { lists })),
    query.sort,
  );
  const all = isWholeList(query.perPage) || query.page === ALL_ROWS;
  const perPage = all ? Math.max(sorted.length, 1) : Math.max(1, query.perPage);
  const pageCount = Math.max(1, Math.ceil(sorted.length / perPage));
  let page = all ? 1 : Math.min(Math.max(1, query.page), pageCount);
  if (query.selectedId !== undefined) {
    const index = sorted.findIndex((row) => Number(row.id) === query.selectedId);
    if (index >= 0) page = Math.floor(index / perPage) + 1;
  }
  const items = sorted.slice((page - 1) * perPage, page * perPage);
  return { items, _meta: { totalCount: sorted.length, pageCount, currentPage: page, perPage } };
}

/** The options of a filter-bar select from the records of its model: `{ value, text }` sorted by text. */
export function filterOptions(
  form: FormTemplate,
  key: string,
  require: { as: string; value: number | string } | null,
  rows: readonly Row[],
): Row[] {
  const definition = Object.hasOwn(form.filterDataModels, key) ? form.filterDataModels[key] : undefined;
  if (!definition) return [];
  return sortRecords(
    rows
      .filter((row) => !require || String(row[require.as]) === String(require.value))
      .map((row) => ({
        value: row[definition.value],
        text: row[definition.text],
        ...(require ? { [require.as]: row[require.as] } : {}),
      })),
    'text',
  );
}
