/**
 * The filter AST: one node per `filter[column]=expression` (reference §5.4). Two interpreters read
 * it: the server's SQL compiler and the in-memory {@link matchesFilter}. Both must agree on
 * {@link FILTER_FIXTURES}.
 *
 * Semantics every interpreter follows:
 * - A node list is AND-ed.
 * - A null (or missing) column value matches only `is-null`; every other operator, including the
 *   negated ones, is false on null (SQL three-valued logic, as `NOT (col ~* x)` behaves).
 * - `match` / `not-match`: `value` is a regular expression from the portable subset
 *   (see `checkPortableRegex`), matched CASE-INSENSITIVELY as a substring unless anchored
 *   (PostgreSQL `~*`; SQLite's REGEXP and the matcher run it on RE2 via `toFilterRegExp`).
 *   These ops only occur on kinds `text`, `date` and `list`; on numbers the parser turns `5` / `=5`
 *   into `eq-exact` and `!=5` into `neq-exact`.
 * - `eq-exact` / `neq-exact`: exact, case-sensitive equality (no regex). Numbers and booleans carry a
 *   number (booleans 0 or 1); text, dates and lists a string.
 * - `lt` `lte` `gt` `gte`: numeric for numbers, ordinal string comparison for text and dates
 *   (dates are ISO `YYYY-MM-DD[ HH:MM[:SS]]` or `HH:MM[:SS]`, so string order is date order).
 * - Kind `list` (a column with a value list): `match`, `not-match`, `eq-exact` and `neq-exact` test
 *   "the stored code matches OR the text (`remark`) of a list item whose code (`display`) is the
 *   stored value matches"; the negated ops are the negation of that whole OR. Comparisons and null
 *   tests look at the stored code only. `listName` names the list.
 */

/** The kinds of column a filter distinguishes. */
export const COLUMN_KINDS = ['number', 'text', 'date', 'boolean', 'list'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export const MATCH_OPS = ['match', 'not-match'] as const;
export const COMPARISON_OPS = ['eq-exact', 'neq-exact', 'lt', 'lte', 'gt', 'gte'] as const;
export const NULL_OPS = ['is-null', 'not-null'] as const;
export type MatchOp = (typeof MATCH_OPS)[number];
export type ComparisonOp = (typeof COMPARISON_OPS)[number];
export type NullOp = (typeof NULL_OPS)[number];
export type FilterOp = MatchOp | ComparisonOp | NullOp;

interface FilterNodeBase {
  /** The column name as the request gave it; the server must look it up in the template. */
  column: string;
  kind: ColumnKind;
  /** The value list of a `list` column (template `selectListName`). */
  listName?: string;
}

/** Case-insensitive regular-expression match (substring unless anchored). */
export interface MatchFilterNode extends FilterNodeBase {
  kind: 'text' | 'date' | 'list';
  op: MatchOp;
  value: string;
}

/** Exact equality or ordering against a literal. */
export interface ComparisonFilterNode extends FilterNodeBase {
  op: ComparisonOp;
  value: string | number;
}

/** Empty / filled: `null`, `= null`, `==NULL` … / `!= null`, `!==NULL` … (any case). */
export interface NullFilterNode extends FilterNodeBase {
  op: NullOp;
}

/**
 * One parsed filter.
 * @example
 * // filter[depth]=>=10
 * const node: FilterNode = { column: 'depth', kind: 'number', op: 'gte', value: 10 };
 */
export type FilterNode = MatchFilterNode | ComparisonFilterNode | NullFilterNode;

/** The filter regex semantics as JavaScript RegExp flags (case-insensitive, dotAll, strict syntax). */
export const FILTER_REGEX_FLAGS = 'isu';

/** One item of a value list, as the matcher needs it (`display` is the stored code). */
export interface FilterListItem {
  display: string;
  remark: string | null;
}

/** What the in-memory matcher needs besides the record: the items of list-backed columns. */
export interface FilterMatchContext {
  lists?: Readonly<Record<string, readonly FilterListItem[]>>;
}

/** Whether the node is `is-null` / `not-null` (it carries no value). */
export function isNullFilterNode(node: FilterNode): node is NullFilterNode {
  return node.op === 'is-null' || node.op === 'not-null';
}

/** Whether the node is a regex `match` / `not-match`. */
export function isMatchFilterNode(node: FilterNode): node is MatchFilterNode {
  return node.op === 'match' || node.op === 'not-match';
}

/** Whether the node compares with a literal (`eq-exact` … `gte`). */
export function isComparisonFilterNode(node: FilterNode): node is ComparisonFilterNode {
  return !isNullFilterNode(node) && !isMatchFilterNode(node);
}
