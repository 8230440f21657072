import { z } from 'zod';
import { ALL_ROWS, DEFAULT_PER_PAGE, PAGE_MAX, PER_PAGE_MAX } from './list-rules';

/** `_meta` of every list answer (Yii's pagination envelope). */
export const listMetaSchema = z.object({
  totalCount: z.number().int(),
  pageCount: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  /**
   * Present (false) only when totalCount is not an exact count: a large filtered list is counted up
   * to a cap (then totalCount is a lower bound) or, on PostgreSQL, estimated by the planner.
   */
  totalCountExact: z.literal(false).optional(),
  /** With totalCountExact false: true when totalCount is a lower bound ("more than"), false for an estimate ("about"). */
  totalCountIsLowerBound: z.boolean().optional(),
  /**
   * Generic record lists sorted by id or by the leading columns of an index: the `cursor` of the
   * next page (absent on the last page). It seeks instead of counting off every row before the page.
   */
  nextCursor: z.string().optional(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** `{ items, _meta }` around any item schema. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), _meta: listMetaSchema });
}

export interface SortTerm<C extends string = string> {
  column: C;
  direction: 'asc' | 'desc';
}

/** `a, b,,c` → ['a', 'b', 'c']: the comma lists of `sort`, `fields`, `value`. */
export function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** `sort=a,-b` → terms (a leading '-' is descending); the caller checks the column names. */
export function parseSortTerms(sort: string | undefined): SortTerm[] {
  return commaList(sort).map((term) => ({
    column: term.replace(/^-/, ''),
    direction: term.startsWith('-') ? 'desc' : 'asc',
  }));
}

// An empty parameter (`page=`) is an absent one: its default applies, as in the original.
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);

function boundedInteger(max: number, fallback: number) {
  const message = `must be a whole number from -1 (every record) to ${max}.`;
  return z.preprocess(
    emptyIsAbsent,
    z.coerce.number({ error: message }).int(message).min(ALL_ROWS, message).max(max, message).default(fallback),
  );
}

/** `page` (1-based; -1 = all), `per-page` (default 20; -1 or 0 = all) and `sort=a,-b` of every list call. */
export const pageQuerySchema = z.object({
  page: boundedInteger(PAGE_MAX, 1).describe('1-based; -1: every record on one page.'),
  'per-page': boundedInteger(PER_PAGE_MAX, DEFAULT_PER_PAGE).describe('Default 20; -1 or 0: every record on one page.'),
  sort: z.string().max(2000).optional().describe('`a,-b`: ascending by a, then descending by b.'),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** `filter[col]=expr` (repeated: one more condition on that column), in the filter language. */
export const filterMapSchema = z
  .record(z.string().min(1), z.union([z.string(), z.array(z.string())]))
  .describe('`filter[column]=expression` in the filter language; a repeated column adds a condition.');
export type FilterMap = z.output<typeof filterMapSchema>;

const FILTER_KEY = /^filter\[([^[\]]+)\]$/;

// defineProperty, not `=`: a key named __proto__ stays a plain key (and, as a column, a 400).
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

/**
 * Fastify's query parser keeps `filter[col]=expr` as the flat key `filter[col]`; this gathers those
 * keys into `filter: { col: expr }` for the schema to check. A plain `filter=` is left as it is (and
 * fails the schema). Other bracket keys (`models[]`, `filter[date][gt]`) stay flat.
 */
function gatherFilterKeys(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || Object.hasOwn(query, 'filter')) return query;
  const rest: Record<string, unknown> = {};
  const filter: Record<string, unknown> = {};
  let found = false;
  for (const [key, value] of Object.entries(query)) {
    const column = FILTER_KEY.exec(key)?.[1];
    setOwn(column === undefined ? rest : filter, column ?? key, value);
    found ||= column !== undefined;
  }
  if (found) rest.filter = filter;
  return rest;
}

/** A query schema whose `filter` property is sent as `filter[col]=expr` keys. */
export function withFilterMap<T extends z.ZodType>(schema: T) {
  return z.preprocess(gatherFilterKeys, schema);
}

const recordId = z.coerce.number().int().positive().max(PAGE_MAX);

/** The list query of the generic records (`api/v1/form`, `api/v1/global`, `api/v1/file`), without `name`. */
export const listQueryObject = pageQuerySchema.extend({
  fields: z
    .string()
    .max(2000)
    .optional()
    .transform((fields) => {
      const names = commaList(fields);
      return names.length > 0 ? names : undefined;
    })
    .describe('`a,b`: only these columns.'),
  'selected-record-id': z
    .preprocess(emptyIsAbsent, recordId.optional())
    .describe('Answer the page that holds this record (with per-page).'),
  filter: filterMapSchema.optional(),
  batch: z
    .preprocess(emptyIsAbsent, z.string().max(40).optional())
    .describe(
      'Only the records written in this batch (a request or an import: the `batchId` of an import result, the `batch` of the record history).',
    ),
  cursor: z
    .preprocess(emptyIsAbsent, z.string().max(4000).optional())
    .describe(
      "`_meta.nextCursor` of the page before: the per-page records after that page's last one (no offset; `page` only numbers the answer's currentPage). Same sort as that page's.",
    ),
});
export const listQuerySchema = withFilterMap(listQueryObject);
export type ListQuery = z.output<typeof listQueryObject>;
