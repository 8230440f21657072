import { AppError } from '../errors';
import type { ColumnKind, ComparisonOp, FilterNode, NullOp } from './filter-ast';
import { checkPortableRegex } from './portable-regex';

/** The operators of the URL syntax, longest first so that `!==` wins over `!=`. */
const OPERATORS = ['!==', '!=', '==', '<=', '>=', '<', '>', '='] as const;
type Operator = (typeof OPERATORS)[number] | '';

const ORDER_OPS: Partial<Record<Operator, ComparisonOp>> = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };
const TRUE_WORDS = ['yes', 'y', 'true', '1'];
const FALSE_WORDS = ['n', 'no', 'false', '0'];
// The word for "empty", in any case, with blanks around it: `null`, `NULL`, `= null`, `== NULL`.
const EMPTY_WORD = /^\s*null\s*$/i;
const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
// ISO date, date-time (space or T, minutes or seconds, optional fraction) or time of day
const DATE_PATTERN = /^(\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?|\d{2}:\d{2}(:\d{2})?)$/;

/** Options of {@link parseFilterExpression}. */
export interface ParseFilterOptions {
  /** The value list of a `list` column; the matcher and compiler look its item texts up. */
  listName?: string;
}

function splitOperator(expr: string): [Operator, string] {
  const op = OPERATORS.find((candidate) => expr.startsWith(candidate)) ?? '';
  return [op, expr.slice(op.length)];
}

function invalid(column: string, reason: string): AppError {
  return new AppError('BAD_REQUEST', `Invalid filter for column "${column}": ${reason}`);
}

function parseNumber(column: string, raw: string): number {
  const text = raw.trim();
  const value = Number(text);
  if (!NUMBER_PATTERN.test(text) || !Number.isFinite(value)) {
    throw invalid(column, `"${raw}" is not a number.`);
  }
  return value;
}

function parseBoolean(column: string, raw: string): 0 | 1 {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return 1;
  if (FALSE_WORDS.includes(word)) return 0;
  throw invalid(column, `"${raw}" is not a boolean (use yes, y, true, 1 or n, no, false, 0).`);
}

function parseDate(column: string, raw: string): string {
  const text = raw.trim();
  if (!DATE_PATTERN.test(text)) {
    throw invalid(column, `"${raw}" is not a date (use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or HH:MM:SS).`);
  }
  return text.replace('T', ' ');
}

function checkRegex(column: string, pattern: string): string {
  const problem = checkPortableRegex(pattern);
  if (problem) throw invalid(column, `invalid regular expression "${pattern}": ${problem}.`);
  return pattern;
}

/**
 * `null` after an equality operator (or none) asks for empty values, after a not-equal operator
 * for filled ones; people type it in every spelling, and a regex or literal "null" is never meant.
 */
function emptyValueOp(op: Operator, operand: string): NullOp | undefined {
  if (!EMPTY_WORD.test(operand)) return undefined;
  if (op === '' || op === '=' || op === '==') return 'is-null';
  if (op === '!=' || op === '!==') return 'not-null';
  return undefined;
}

function equalityOp(op: Operator): ComparisonOp | undefined {
  if (op === '' || op === '=' || op === '==') return 'eq-exact';
  if (op === '!=' || op === '!==') return 'neq-exact';
  return undefined;
}

function parseNumberFilter(column: string, op: Operator, operand: string): FilterNode {
  const value = parseNumber(column, operand);
  const compare = equalityOp(op) ?? ORDER_OPS[op] ?? 'eq-exact';
  return { column, kind: 'number', op: compare, value };
}

function parseBooleanFilter(column: string, op: Operator, operand: string): FilterNode {
  const compare = equalityOp(op);
  if (!compare) throw invalid(column, `the operator "${op}" cannot be used on a yes/no column.`);
  return { column, kind: 'boolean', op: compare, value: parseBoolean(column, operand) };
}

function parseTextLikeFilter(
  column: string,
  kind: 'text' | 'date' | 'list',
  op: Operator,
  operand: string,
  listName: string | undefined,
): FilterNode {
  const base = listName === undefined ? { column, kind } : { column, kind, listName };
  if (op === '' || op === '=') return { ...base, op: 'match', value: checkRegex(column, operand) };
  if (op === '!=') return { ...base, op: 'not-match', value: checkRegex(column, operand) };
  const value = kind === 'date' ? parseDate(column, operand) : operand;
  if (op === '==') return { ...base, op: 'eq-exact', value };
  if (op === '!==') return { ...base, op: 'neq-exact', value };
  return { ...base, op: ORDER_OPS[op] ?? 'eq-exact', value };
}

/**
 * Parses one `filter[column]=expression` (reference §5.4) for a column of the given kind.
 * Throws AppError BAD_REQUEST (400) naming the column when the expression is malformed.
 *
 * | expression | number | text / date / list | boolean |
 * |---|---|---|---|
 * | `v`, `=v` | eq-exact | match (regex) | eq-exact 0/1 |
 * | `!=v` | neq-exact | not-match | neq-exact |
 * | `==v` / `!==v` | eq-exact / neq-exact | eq-exact / neq-exact (literal) | same |
 * | `<v <=v >v >=v` | lt lte gt gte | lt lte gt gte | 400 |
 * | `null`, `=null`, `==NULL` / `!=null`, `!==NULL` | is-null / not-null | is-null / not-null | same |
 *
 * The word `null` is case-insensitive and may have blanks around it (`= null`, `== NULL`).
 * @example parseFilterExpression('depth', '>=10', 'number') // { column: 'depth', kind: 'number', op: 'gte', value: 10 }
 * @example parseFilterExpression('core_type', 'Rotary', 'list', { listName: 'CORE_TYPE' })
 */
export function parseFilterExpression(
  column: string,
  expr: string,
  kind: ColumnKind,
  options: ParseFilterOptions = {},
): FilterNode {
  const [op, operand] = splitOperator(expr);
  const listName = kind === 'list' ? options.listName : undefined;
  const base = listName === undefined ? { column, kind } : { column, kind, listName };
  const [emptyOp, emptyOperand] = splitOperator(expr.trim());
  const nullOp = emptyValueOp(emptyOp, emptyOperand);
  if (nullOp) return { ...base, op: nullOp };
  switch (kind) {
    case 'number':
      return parseNumberFilter(column, op, operand);
    case 'boolean':
      return parseBooleanFilter(column, op, operand);
    case 'text':
    case 'date':
    case 'list':
      return parseTextLikeFilter(column, kind, op, operand, listName);
  }
}
