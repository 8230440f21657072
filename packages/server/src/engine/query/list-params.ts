import { AppError } from '@mdis/shared';
import type { FilterQueryValue } from '@mdis/shared/filters';

export interface SortTerm {
  column: string;
  direction: 'asc' | 'desc';
}

/** A list request as the engine reads it (names still unchecked: the query builder checks them). */
export interface ListParams {
  page: number;
  perPage: number;
  /** page=-1 or per-page ≤ 0: every record in one page. */
  all: boolean;
  sort: SortTerm[];
  fields: string[] | undefined;
  filters: Record<string, FilterQueryValue>;
  selectedRecordId: number | undefined;
}

export type RawQuery = Readonly<Record<string, unknown>>;

function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return single(value[value.length - 1]);
  return typeof value === 'string' ? value : undefined;
}

function integer(query: RawQuery, name: string, fallback: number): number {
  const raw = single(query[name]);
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim()))
    throw new AppError('BAD_REQUEST', `Invalid query parameter '${name}': must be an integer.`);
  return Number(raw);
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** `sort=a,-b` → terms (a leading '-' is descending). */
export function parseSortTerms(sort: string | undefined): SortTerm[] {
  return list(sort).map((term) => ({
    column: term.replace(/^-/, ''),
    direction: term.startsWith('-') ? 'desc' : 'asc',
  }));
}

/** `filter[col]=expr` keys of a flat query string (repeated keys arrive as arrays). */
export function filterEntries(query: RawQuery): Record<string, FilterQueryValue> {
  const filters: Record<string, FilterQueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    const column = /^filter\[([^\]]+)\]$/.exec(key)?.[1];
    if (!column) continue;
    if (typeof value === 'string') filters[column] = value;
    else if (Array.isArray(value)) filters[column] = value.filter((v): v is string => typeof v === 'string');
  }
  return filters;
}

/** page (1-based), per-page (default 20), sort, fields, filter[…], selected-record-id. */
export function parseListParams(query: RawQuery): ListParams {
  const page = integer(query, 'page', 1);
  const perPage = integer(query, 'per-page', 20);
  const selected = single(query['selected-record-id']);
  const fields = list(single(query.fields));
  return {
    page: Math.max(page, 1),
    perPage,
    all: page === -1 || perPage <= 0,
    sort: parseSortTerms(single(query.sort)),
    fields: fields.length > 0 ? fields : undefined,
    filters: filterEntries(query),
    selectedRecordId: selected && /^\d+$/.test(selected) ? Number(selected) : undefined,
  };
}
