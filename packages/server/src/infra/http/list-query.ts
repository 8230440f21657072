import {
  AppError,
  DEFAULT_PER_PAGE,
  isWholeList,
  type ListMeta,
  type PageQuery,
  parseSortTerms,
  type SortTerm,
} from '@mdis/shared';

export type { SortTerm };

/** `sort=a,-b` → sort terms; a column outside `allowed` is a 400 naming it. */
export function parseSort<C extends string>(sort: string | undefined, allowed: readonly C[]): SortTerm<C>[] {
  return parseSortTerms(sort).map((term) => {
    if (!(allowed as readonly string[]).includes(term.column)) {
      throw new AppError('BAD_REQUEST', `Invalid query parameter 'sort': unknown column '${term.column}'.`);
    }
    return term as SortTerm<C>;
  });
}

export interface PageWindow {
  /** undefined: every row (page=-1 or per-page -1/0). */
  limit: number | undefined;
  offset: number;
  page: number;
  perPage: number;
}

/**
 * The rows of a page: `page` of the query, or the page holding the row at `position` (1-based, for
 * `selected-record-id`). Internal callers may leave page and per-page out (page 1, 20 a page).
 */
export function pageWindow(query: Partial<Pick<PageQuery, 'page' | 'per-page'>>, position?: number): PageWindow {
  const perPage = query['per-page'] ?? DEFAULT_PER_PAGE;
  const requested = query.page ?? 1;
  if (isWholeList(perPage, requested)) return { limit: undefined, offset: 0, page: 1, perPage };
  const page = position === undefined ? Math.max(requested, 1) : Math.ceil(position / perPage);
  // No table holds 2^53 rows: a page past that is simply empty, and the offset stays a bindable integer.
  const offset = Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER);
  return { limit: perPage, offset, page, perPage };
}

/** What a repository reads for one page of a fixed table: the window and the checked sort. */
export interface PageRequest<C extends string> {
  limit: number | undefined;
  offset: number;
  sort: SortTerm<C>[];
}

/** A total that is not an exact count: a lower bound ("more than") or an estimate ("about"). */
export interface InexactCount {
  lowerBound: boolean;
}

/** Yii's pagination `_meta`; an inexact total is marked (totalCount stays a number for old clients). */
export function listMeta(window: PageWindow, totalCount: number, inexact?: InexactCount): ListMeta {
  if (window.limit === undefined) return { totalCount, pageCount: 1, currentPage: 1, perPage: totalCount };
  return {
    totalCount,
    pageCount: Math.ceil(totalCount / window.limit),
    currentPage: window.page,
    perPage: window.perPage,
    ...(inexact && { totalCountExact: false as const, totalCountIsLowerBound: inexact.lowerBound }),
  };
}
