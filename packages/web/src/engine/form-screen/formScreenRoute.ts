import type { FilterSelection } from '../filter-bar/filterCascade';
import type { StoredSort } from '../storage/formStorage';

/** What the URL says: `/forms/{form}-form[/{id}]?filter=…&page=…&sort=…&selectFirst`. */
export interface FormRoute {
  id: number | null;
  /** Null when the URL has no filter query. */
  filter: FilterSelection | null;
  /** 0-based; null when the URL has no page. */
  page: number | null;
  /** Null when the URL has no sort. */
  sort: StoredSort[] | null;
  selectFirst: boolean;
}

/** What the screen writes to the URL (replacing it). */
export interface RouteUpdate {
  id: number | null;
  filter: FilterSelection;
  /** 0-based; the first page is left out of the URL. */
  page?: number;
  sort?: StoredSort[];
}

/** `[{ id: 'core', desc: true }, { id: 'id', desc: false }]` → `-core,id` (the list API's sort). */
export function encodeSort(sort: readonly StoredSort[]): string {
  return sort.map((s) => `${s.desc ? '-' : ''}${s.id}`).join(',');
}

export function parseSort(text: string | null | undefined): StoredSort[] | null {
  if (!text) return null;
  const terms = text
    .split(',')
    .map((term) => /^(-?)([\w.]+)$/.exec(term.trim()))
    .flatMap((match) => (match?.[2] ? [{ id: match[2], desc: match[1] === '-' }] : []));
  return terms.length > 0 ? terms : null;
}

/** `page` of the URL (1-based) → 0-based, null when absent or not a page number. */
export function parsePage(text: string | null | undefined): number | null {
  return text && /^\d+$/.test(text) && Number(text) >= 1 ? Number(text) - 1 : null;
}
