import { AppError } from '../errors';
import type { FilterNode } from './filter-ast';
import { parseFilterExpression } from './filter-parser';
import type { FilterColumnInfo } from './filter-columns';

/** The operators of a select source's `extraFilter` (spec 1 §5), longest first. */
export const EXTRA_FILTER_OPERATORS = ['!=', '==', '<=', '>=', '=', '<', '>'] as const;
export type ExtraFilterOperator = (typeof EXTRA_FILTER_OPERATORS)[number];

/** A value: literal text and `{field}` placeholders read from the form model. */
export type ExtraFilterTemplate = readonly (string | { field: string })[];

/** One `key operator value` part; `value` null is the literal `null` (empty). */
export interface ExtraFilterPart {
  key: string;
  operator: ExtraFilterOperator;
  value: ExtraFilterTemplate | null;
}

/** A part after its placeholders were filled in; `value` null means empty. */
export interface ExtraFilterCondition {
  key: string;
  operator: ExtraFilterOperator;
  value: string | null;
}

const PART_PATTERN = /^\s*([A-Za-z_][\w.]*)\s*(!=|==|<=|>=|=|<|>)\s*(.*?)\s*$/s;
const FIELD_PATTERN = /\{\s*([A-Za-z_]\w*)\s*\}/g;

function parseTemplate(src: string, raw: string): ExtraFilterTemplate {
  const template: (string | { field: string })[] = [];
  let last = 0;
  for (const match of raw.matchAll(FIELD_PATTERN)) {
    if (match.index > last) template.push(raw.slice(last, match.index));
    template.push({ field: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < raw.length) template.push(raw.slice(last));
  if (template.some((piece) => typeof piece === 'string' && /[{}]/.test(piece))) {
    throw new AppError('BAD_REQUEST', `Invalid extraFilter "${src}": unbalanced braces in "${raw}".`);
  }
  return template;
}

/**
 * Parses a select source's `extraFilter` (spec 1 §5): `key operator value` parts joined by `&`,
 * operators `!= == = <= < >= >`, `{field}` placeholders read from the form model, `null` = empty.
 * Throws AppError BAD_REQUEST on a malformed part.
 * @example parseExtraFilter('expedition_id={expedition_id}&type!=null')
 * // [{ key: 'expedition_id', operator: '=', value: [{ field: 'expedition_id' }] },
 * //  { key: 'type', operator: '!=', value: null }]
 */
export function parseExtraFilter(src: string): ExtraFilterPart[] {
  const parts = src.split('&').filter((part) => part.trim() !== '');
  return parts.map((part) => {
    const match = PART_PATTERN.exec(part);
    const [, key, operator, raw] = match ?? [];
    if (key === undefined || operator === undefined || raw === undefined) {
      throw new AppError('BAD_REQUEST', `Invalid extraFilter "${src}": "${part.trim()}" is not "key operator value".`);
    }
    const value = raw === 'null' ? null : parseTemplate(src, raw);
    return { key, operator: operator as ExtraFilterOperator, value };
  });
}

function fieldText(formModel: Readonly<Record<string, unknown>>, field: string): string | null {
  const value = Object.hasOwn(formModel, field) ? formModel[field] : undefined;
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.map(String).join(';');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return null;
}

/**
 * Fills the `{field}` placeholders from the form model. A value that is a single placeholder of
 * an empty field (null, undefined, '') becomes null, i.e. "empty".
 * @example evaluateExtraFilter(parseExtraFilter('site_id={site}'), { site: 7 }) // [{ key: 'site_id', operator: '=', value: '7' }]
 */
export function evaluateExtraFilter(
  parts: readonly ExtraFilterPart[],
  formModel: Readonly<Record<string, unknown>>,
): ExtraFilterCondition[] {
  return parts.map(({ key, operator, value }) => {
    if (value === null) return { key, operator, value: null };
    const [only] = value;
    if (value.length === 1 && only !== undefined && typeof only !== 'string') {
      return { key, operator, value: fieldText(formModel, only.field) };
    }
    const text = value
      .map((piece) => (typeof piece === 'string' ? piece : (fieldText(formModel, piece.field) ?? '')))
      .join('');
    return { key, operator, value: text };
  });
}

/** The filter-language expression of a condition, or undefined when it cannot apply (`<null`). */
export function extraFilterExpression(condition: ExtraFilterCondition): string | undefined {
  const { operator, value } = condition;
  const negated = operator === '!=';
  const equality = negated || operator === '=' || operator === '==';
  if (value === null) return equality ? (negated ? '!==NULL' : '==NULL') : undefined;
  if (!equality) return `${operator}${value}`;
  return negated ? `!==${value}` : `==${value}`;
}

/**
 * Turns evaluated conditions into filter nodes for the server (`=`/`==` exact equality, `!=` not
 * equal, comparisons as they are, `null` → `==NULL` / `!==NULL`; a comparison with an empty value is
 * dropped). `columnInfo` looks the key up in the option model's template; an unknown key is a 400.
 * @example extraFilterToNodes([{ key: 'site_id', operator: '=', value: '7' }], () => ({ kind: 'number' }))
 * // [{ column: 'site_id', kind: 'number', op: 'eq-exact', value: 7 }]
 */
export function extraFilterToNodes(
  conditions: readonly ExtraFilterCondition[],
  columnInfo: (column: string) => FilterColumnInfo | undefined,
): FilterNode[] {
  const nodes: FilterNode[] = [];
  for (const condition of conditions) {
    const expr = extraFilterExpression(condition);
    if (expr === undefined) continue;
    const info = columnInfo(condition.key);
    if (!info) throw new AppError('BAD_REQUEST', `Invalid extraFilter: unknown column "${condition.key}".`);
    const options = info.listName === undefined ? {} : { listName: info.listName };
    nodes.push(parseFilterExpression(condition.key, expr, info.kind, options));
  }
  return nodes;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function compareLoosely(left: unknown, right: string): number | undefined {
  if (typeof left !== 'string' && typeof left !== 'number' && typeof left !== 'boolean') return undefined;
  const a = typeof left === 'boolean' ? Number(left) : left;
  const numeric = right.trim() !== '' && Number.isFinite(Number(right)) && Number.isFinite(Number(a));
  if (numeric && String(a).trim() !== '') return Number(a) - Number(right);
  const text = String(a);
  return text === right ? 0 : text < right ? -1 : 1;
}

function testCondition(item: Readonly<Record<string, unknown>>, condition: ExtraFilterCondition): boolean {
  const value = Object.hasOwn(item, condition.key) ? item[condition.key] : undefined;
  const { operator } = condition;
  if (condition.value === null) {
    if (operator === '!=') return !isEmpty(value);
    return operator === '=' || operator === '==' ? isEmpty(value) : true;
  }
  const order = compareLoosely(value, condition.value);
  if (order === undefined) return false;
  const results: Record<ExtraFilterOperator, boolean> = {
    '=': order === 0,
    '==': order === 0,
    '!=': order !== 0,
    '<': order < 0,
    '<=': order <= 0,
    '>': order > 0,
    '>=': order >= 0,
  };
  return results[operator];
}

/**
 * An in-memory predicate for select options (e.g. list items): numbers compare as numbers when
 * both sides are numeric, otherwise as text; `null` matches null, undefined and ''.
 * @example
 * const keep = extraFilterPredicate('hole_id={hole_id}', { hole_id: 3 });
 * [{ hole_id: 3 }, { hole_id: 4 }].filter(keep) // [{ hole_id: 3 }]
 */
export function extraFilterPredicate(
  src: string | readonly ExtraFilterPart[],
  formModel: Readonly<Record<string, unknown>>,
): (item: Readonly<Record<string, unknown>>) => boolean {
  const conditions = evaluateExtraFilter(typeof src === 'string' ? parseExtraFilter(src) : src, formModel);
  return (item) => conditions.every((condition) => testCondition(item, condition));
}
