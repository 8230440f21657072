import { AppError, type ListMeta, type PageQuery } from '@mdis/shared';

export interface SortTerm<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/** `sort=a,-b` → sort terms; a column outside `allowed` is a 400 naming it. */
export function parseSort<C extends string>(sort: string | undefined, allowed: readonly C[]): SortTerm<C>[] {
  if (!sort) return [];
  return sort
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean)
    .map((term) => {
      const column = term.replace(/^-/, '');
      if (!(allowed as readonly string[]).includes(column)) {
        throw new AppError('BAD_REQUEST', `Invalid query parameter 'sort': unknown column '${column}'.`);
      }
      return { column: column as C, direction: term.startsWith('-') ? 'desc' : 'asc' };
    });
}

export interface PageWindow {
  /** undefined: every row (page=-1 or per-page -1/0). */
  limit: number | undefined;
  offset: number;
  page: number;
  perPage: number;
}

export function pageWindow(query: PageQuery): PageWindow {
  const perPage = query['per-page'];
  const all = query.page === -1 || perPage <= 0;
  const page = Math.max(query.page, 1);
  return all
    ? { limit: undefined, offset: 0, page: 1, perPage }
    : { limit: perPage, offset: (page - 1) * perPage, page, perPage };
}

/** Yii's pagination `_meta`. */
export function listMeta(window: PageWindow, totalCount: number): ListMeta {
  if (window.limit === undefined) return { totalCount, pageCount: 1, currentPage: 1, perPage: totalCount };
  return {
    totalCount,
    pageCount: Math.ceil(totalCount / window.limit),
    currentPage: window.page,
    perPage: window.perPage,
  };
}
