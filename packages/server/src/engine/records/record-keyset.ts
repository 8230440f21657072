import { AppError } from '@mdis/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { desiredTable, sqlTypeOf } from '../schema-sync';
import type { Row } from './dynamic-db';
import type { QueryColumn } from './record-columns';
import type { RecordModel } from './record-model';
import type { OrderTerm } from './record-query';
import { memoByObject } from '../../infra/memo-by-object';

/**
 * Keyset (seek) paging: the next page is "the rows after the last one shown" in the list's order,
 * a condition an index range starts at, instead of an OFFSET that reads and drops every row before
 * the page. The last row's sort values travel as an opaque cursor (`_meta.nextCursor` → `cursor=`).
 */

/** Hidden selections of sort values a `fields=` list leaves out (dropped by the present step). */
export const KEYSET_PREFIX = '__keyset:';

export const CURSOR_MESSAGES = {
  invalid: "Invalid query parameter 'cursor': it is not a cursor of this list (take it from _meta.nextCursor).",
  otherSort: "Invalid query parameter 'cursor': it was made for another sort; send the sort it came with.",
  unsupported: (sort: string) =>
    `Invalid query parameter 'cursor': the list cannot page by cursor when sorted by '${sort}' (only by id, or by the leading columns of an index in one direction); use page.`,
} as const;

/** A sort the list can seek by: its order terms, their hidden selections and a name for the cursor. */
export interface Keyset {
  order: readonly OrderTerm[];
  /** The column of each order term (the id last): the raw values the next page's condition compares against. */
  columns: readonly QueryColumn[];
  /** Per term: whether the column holds numbers (else text): a cursor's values must match. */
  numeric: readonly boolean[];
  /** The order as text (`top,id` / `-top,-id`): a cursor only fits the sort it was made for. */
  signature: string;
}

const NUMERIC_SQL = /^(integer|smallint|bigint|real|double precision|numeric)/;

type KeyValue = number | string | null;

/** The table's indexes (template indices and the FK indexes schema sync adds): name and columns. */
export const tableIndexes = memoByObject(
  (model: RecordModel, dialect: Dialect): readonly { name: string; columns: string[] }[] =>
    desiredTable(model.template, dialect).indices.map((index) => ({
      name: index.physicalName,
      columns: index.columns,
    })),
);

function startsWith(columns: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((name, i) => columns[i] === name);
}

/**
 * The keyset of a list's order, or undefined when an index cannot serve it: every term in one
 * direction, the id (the tie-breaker orderTerms adds) last, and the other terms stored columns of
 * the model's own table that lead one of its indexes. Other sorts still page by offset.
 */
export function keysetOf(
  model: RecordModel,
  dialect: Dialect,
  names: readonly string[],
  order: readonly OrderTerm[],
  columns: ReadonlyMap<string, QueryColumn>,
): Keyset | undefined {
  const direction = order.at(-1)?.direction;
  const last = order.at(-1);
  if (!last?.notNull || order.some((term) => term.direction !== direction)) return undefined;
  const leading = names.slice(0, order.length - 1);
  if (leading.length !== order.length - 1) return undefined;
  const stored = leading.every((name) => {
    const column = columns.get(name);
    return column && column.level === 0 && !column.computed && model.column(name) && name !== 'id';
  });
  if (!stored) return undefined;
  if (leading.length > 0 && !tableIndexes(model, dialect).some((index) => startsWith(index.columns, leading)))
    return undefined;
  const sign = direction === 'desc' ? '-' : '';
  const numeric = leading.map((name) => {
    const column = model.column(name);
    return column !== undefined && NUMERIC_SQL.test(sqlTypeOf(column.template, dialect));
  });
  return {
    order,
    columns: [...leading, 'id'].map((name) => columns.get(name) as QueryColumn),
    numeric: [...numeric, true],
    signature: [...leading, 'id'].map((name) => `${sign}${name}`).join(','),
  };
}

// A value of the column's type (or NULL): anything else would make PostgreSQL fail the cast.
function fits(numeric: boolean | undefined, value: unknown): value is KeyValue {
  if (value === null) return true;
  return numeric ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string';
}

/** The sort columns a selection lacks, as hidden selections (their values make the cursor). */
export function hiddenKeyColumns(keyset: Keyset, selected: readonly QueryColumn[]): QueryColumn[] {
  return keyset.columns
    .filter((column) => !selected.some((s) => s.name === column.name))
    .map((column) => ({ ...column, name: `${KEYSET_PREFIX}${column.name}` }));
}

/** The cursor of the rows after `row` (a raw row: the selected sort columns or their hidden copies). */
export function encodeCursor(keyset: Keyset, row: Row): string {
  const values = keyset.columns.map((column, i) => {
    const value = Object.hasOwn(row, column.name) ? row[column.name] : row[`${KEYSET_PREFIX}${column.name}`];
    // PostgreSQL hands bigint and numeric over as text.
    return typeof value === 'string' && keyset.numeric[i] ? Number(value) : (value ?? null);
  });
  return Buffer.from(JSON.stringify([keyset.signature, values]), 'utf8').toString('base64url');
}

/** The sort values a cursor holds; a 400 for anything that is not a cursor of this sort. */
export function decodeCursor(keyset: Keyset, cursor: string): KeyValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', CURSOR_MESSAGES.invalid);
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || !Array.isArray(parsed[1]))
    throw new AppError('BAD_REQUEST', CURSOR_MESSAGES.invalid);
  const [signature, values] = parsed as [string, unknown[]];
  if (signature !== keyset.signature) throw new AppError('BAD_REQUEST', CURSOR_MESSAGES.otherSort);
  const id = values.at(-1);
  const typed = values.every((value, i) => fits(keyset.numeric[i], value));
  if (values.length !== keyset.columns.length || !typed || !Number.isSafeInteger(id))
    throw new AppError('BAD_REQUEST', CURSOR_MESSAGES.invalid);
  return values;
}

// NULLs sort first ascending and last descending (orderTerms): the "after" of a NULL follows that.
function strictlyAfter(term: OrderTerm, value: KeyValue): RawBuilder<SqlBool> {
  if (term.direction === 'asc')
    return value === null ? sql<SqlBool>`${term.ref} IS NOT NULL` : sql<SqlBool>`${term.ref} > ${value}`;
  if (value === null) return sql<SqlBool>`1 = 0`;
  return term.notNull
    ? sql<SqlBool>`${term.ref} < ${value}`
    : sql<SqlBool>`(${term.ref} < ${value} OR ${term.ref} IS NULL)`;
}

// "At or after": the bound an index range starts at (the ties are sorted out by the next term).
function atOrAfter(term: OrderTerm, value: KeyValue): RawBuilder<SqlBool> | undefined {
  if (term.direction === 'asc') return value === null ? undefined : sql<SqlBool>`${term.ref} >= ${value}`;
  return value === null
    ? sql<SqlBool>`${term.ref} IS NULL`
    : sql<SqlBool>`(${term.ref} <= ${value} OR ${term.ref} IS NULL)`;
}

/**
 * The rows after the cursor's row in the keyset's order: `a >= v AND (a > v OR id > i)` (and so
 * on per term), which states the range start plainly so that both dialects seek the index to it.
 */
export function afterCondition(keyset: Keyset, values: readonly KeyValue[]): RawBuilder<SqlBool> {
  const terms = keyset.order;
  let condition = strictlyAfter(terms[terms.length - 1], values[terms.length - 1] ?? null);
  for (let i = terms.length - 2; i >= 0; i -= 1) {
    const term = terms[i];
    const value = values[i] ?? null;
    const tail = sql<SqlBool>`(${strictlyAfter(term, value)} OR ${condition})`;
    const bound = atOrAfter(term, value);
    condition = bound ? sql<SqlBool>`(${bound} AND ${tail})` : tail;
  }
  return condition;
}
