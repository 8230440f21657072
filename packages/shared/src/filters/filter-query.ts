import { AppError } from '../errors';
import { isNullFilterNode, type FilterNode, type NullFilterNode } from './filter-ast';
import type { FilterColumnInfo } from './filter-columns';
import { parseFilterExpression } from './filter-parser';

/** A query-string value: `filter[col]=x` once, repeated, or absent. */
export type FilterQueryValue = string | readonly string[] | undefined;

/**
 * Parses the `filter` object of a query string (`filter[col]=expr`, reference §5.4) into nodes,
 * AND-ed. Empty expressions are ignored (an empty filter box); a repeated column yields one node
 * per expression. `columnInfo` looks the column up in the template and returns undefined for an
 * unknown or unfilterable column, which is a 400.
 * @example
 * parseFilterQuery({ depth: '>5', hole: 'A' }, (c) => ({ kind: c === 'depth' ? 'number' : 'text' }))
 * // [{ column: 'depth', kind: 'number', op: 'gt', value: 5 }, { column: 'hole', kind: 'text', op: 'match', value: 'A' }]
 */
export function parseFilterQuery(
  query: Readonly<Record<string, FilterQueryValue>>,
  columnInfo: (column: string) => FilterColumnInfo | undefined,
): FilterNode[] {
  const nodes: FilterNode[] = [];
  for (const [column, raw] of Object.entries(query)) {
    const expressions = (typeof raw === 'string' ? [raw] : (raw ?? [])).filter((expr) => expr !== '');
    if (expressions.length === 0) continue;
    const info = columnInfo(column);
    if (!info) throw new AppError('BAD_REQUEST', `Invalid filter: unknown column "${column}".`);
    const options = info.listName === undefined ? {} : { listName: info.listName };
    for (const expr of expressions) nodes.push(parseFilterExpression(column, expr, info.kind, options));
  }
  return nodes;
}

const PREFIX = {
  match: '',
  'not-match': '!=',
  'eq-exact': '==',
  'neq-exact': '!==',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
} as const;

function literal(node: Exclude<FilterNode, NullFilterNode>): string {
  if (node.kind !== 'boolean') return String(node.value);
  return node.value === 1 ? 'yes' : 'no';
}

/**
 * The URL expression of a node, so that `parseFilterExpression(n.column, serializeFilterNode(n), n.kind)`
 * gives the node back.
 * @example serializeFilterNode({ column: 'depth', kind: 'number', op: 'gte', value: 10 }) // '>=10'
 */
export function serializeFilterNode(node: FilterNode): string {
  if (isNullFilterNode(node)) return node.op === 'is-null' ? '==NULL' : '!==NULL';
  const text = literal(node);
  // a bare regex starting with an operator character would be read as that operator
  if (node.op === 'match' && /^[=!<>]/.test(text)) return `=${text}`;
  return `${PREFIX[node.op]}${text}`;
}
