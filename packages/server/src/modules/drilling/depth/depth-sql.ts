import { type RawBuilder, sql } from 'kysely';
import type { ColumnSql, PresentContext } from '../../../engine/behaviors/behavior-registry';
import { roundSql as roundToSql } from '../../../engine/query/expression-sql';
import type { Dialect } from '../../../infra/db/dialect';

export type DepthDb = PresentContext['db'];

/** Computed pseudo values of one record: column → value. */
export type DepthValues = Record<string, unknown>;

/** The page's stored records by id, in API shape: the values a filler may use instead of re-reading them. */
export type PageRows = ReadonlyMap<number, DepthValues>;

/**
 * The page rows of `ids` when every one of them holds all of `names`, else undefined: a record
 * read with limited fields lacks some, and the filler then reads them itself by id.
 */
export function rowsHolding(rows: PageRows, ids: readonly number[], names: readonly string[]): PageRows | undefined {
  const found = new Map<number, DepthValues>();
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || !names.every((name) => name in row)) return undefined;
    found.set(id, row);
  }
  return found;
}

/** A positive integer id from a stored value (a foreign key), else undefined (NULL, '', garbage). */
export function idOf(value: unknown): number | undefined {
  const id = Number(value);
  return value !== null && value !== '' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The drilling tables (reference §2.4) the depth model reads besides the presented model's own
 * table. They are constants of the default model, never request text.
 */
export const DRILLING_TABLES = {
  core: 'core_core',
  section: 'core_section',
  split: 'curation_section_split',
  storage: 'curation_storage',
} as const;

// Long lists (per-page=-1) are read in slices so no driver hits its bound-parameter limit; a normal
// page is one slice, so the number of queries does not depend on the page size.
const IDS_PER_QUERY = 1000;

/** Runs `query` over the ids in slices and concatenates the rows. */
export async function selectByIds<T>(
  db: DepthDb,
  ids: readonly number[],
  query: (idList: RawBuilder<unknown>) => RawBuilder<T>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const slice = ids.slice(start, start + IDS_PER_QUERY);
    const result = await query(sql.join(slice)).execute(db);
    rows.push(...result.rows);
  }
  return rows;
}

/** A stored number; NULL counts as 0 in depth arithmetic, as it did in the original's PHP getters. */
export function numberOf(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
}

/** A stored number or null (lengths that scale a depth only when they are known). */
export function optionalNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Below this (scaled) the product `x * 10^digits` is off by far less than TIE_MARGIN. */
const EXACT_SCALED_LIMIT = 1e9;
/** How near a half the scaled value must be for the binary error of `x * 100` to matter. */
const TIE_MARGIN = 1e-6;

/**
 * Rounds half away from zero (PHP round), without the binary error of `x * 100`: 4.425 → 4.43.
 * A page rounds four depths per row: only values within a hair of a half (…5 at the third decimal)
 * take the exact path through the decimal text; for the rest `x * 100` rounds the same way.
 */
export function roundDepth(value: number, digits = 2): number {
  const sign = value < 0 ? -1 : 1;
  const factor = 10 ** digits;
  const scaled = Math.abs(value) * factor;
  if (scaled < EXACT_SCALED_LIMIT && Math.abs(scaled - Math.floor(scaled) - 0.5) > TIE_MARGIN)
    return (sign * Math.round(scaled)) / factor;
  const text = String(Math.abs(value));
  if (text.includes('e')) return (sign * Math.round(scaled)) / factor;
  return sign * Number(`${String(Math.round(Number(`${text}e${String(digits)}`)))}e${String(-digits)}`);
}

/** A stored text or '' (the original's getters answer '' for a missing related record). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  return '';
}

/**
 * One group of depth pseudo columns and how to compute them for a page. The behavior picks the
 * fillers by what a model declares, not by its name: the pseudo columns it fills (those the template
 * leaves without a pseudoCalc) and the stored columns it reads, which tell apart models that share a
 * pseudo name (mcd_top_depth exists on sections, splits and samples).
 */
export interface DepthFiller {
  fills: readonly string[];
  reads: readonly string[];
  /**
   * Values of the stored records `ids` of `table` (the presented model's table, from its template);
   * `rows` are the page's records, whose stored values need not be read again.
   */
  compute(db: DepthDb, table: string, ids: number[], rows: PageRows): Promise<Map<number, DepthValues>>;
  /**
   * The same values in SQL over the list's record `r` of `table`, so lists sort and filter by them;
   * a column left out cannot be sorted (e.g. a list of combined ids).
   */
  sql: (table: string, dialect: Dialect) => Readonly<Record<string, ColumnSql>>;
  /**
   * Keep the columns stored and indexed (maintained columns): for the big tables, where computing
   * `sql` per row to sort or filter would read a million section stacks (samples).
   */
  maintained?: true;
}

/** roundDepth in SQL (the expression language's round to 2 digits: the same rule). */
export function roundSql(value: RawBuilder<unknown>, dialect: Dialect): RawBuilder<unknown> {
  return roundToSql(value, 2, dialect);
}

/** numberOf in SQL: NULL counts as 0. */
export function numberSql(value: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`COALESCE(${value}, 0)`;
}

/** A column of the list's record (alias `r`, the records engine's). */
export function recordColumn(column: string): RawBuilder<unknown> {
  return sql`${sql.ref(`r.${column}`)}`;
}

export const asNumber = (value: RawBuilder<unknown>): ColumnSql => ({ sql: value, kind: 'number' });
export const asText = (value: RawBuilder<unknown>): ColumnSql => ({ sql: value, kind: 'text' });
