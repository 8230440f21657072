import { aggregateKey, type AggregateNode, type ExpressionNode } from './expression-ast';
import { parseExpression } from './expression-parser';

function children(node: ExpressionNode): ExpressionNode[] {
  switch (node.type) {
    case 'unary':
      return [node.operand];
    case 'binary':
    case 'logical':
      return [node.left, node.right];
    case 'conditional':
      return [node.test, node.consequent, node.alternate];
    case 'call':
      return node.args;
    default:
      return [];
  }
}

/** Every node of the tree, depth first, parents before children. */
export function walkExpression(node: ExpressionNode): ExpressionNode[] {
  const nodes: ExpressionNode[] = [];
  const stack = [node];
  for (let current = stack.pop(); current; current = stack.pop()) {
    nodes.push(current);
    stack.push(...children(current).reverse());
  }
  return nodes;
}

/**
 * The record columns an expression reads (`[col]` and bare names), once each, in order of
 * appearance. Paths and aggregates are not included (see {@link parentPaths}, {@link childAggregates}).
 * @example referencedColumns(parseExpression('[a] + [b] * a')) // ['a', 'b']
 */
export function referencedColumns(node: ExpressionNode): string[] {
  const names = walkExpression(node).flatMap((n) => (n.type === 'column' ? [n.name] : []));
  return [...new Set(names)];
}

/**
 * The dotted ancestor paths an expression reads, as text, once each.
 * @example parentPaths(parseExpression("hole.site.site + '_' + [core]")) // ['hole.site.site']
 */
export function parentPaths(node: ExpressionNode): string[] {
  const paths = walkExpression(node).flatMap((n) => (n.type === 'path' ? [n.segments.join('.')] : []));
  return [...new Set(paths)];
}

/**
 * The child aggregates an expression needs, once each by {@link aggregateKey}, so the server can
 * compute them for a whole page in one batched query.
 * @example childAggregates(parseExpression('count(sections)')) // [{ type: 'aggregate', fn: 'count', relation: 'sections', column: null, pos: 0 }]
 */
export function childAggregates(node: ExpressionNode): AggregateNode[] {
  const found = new Map<string, AggregateNode>();
  for (const n of walkExpression(node)) {
    if (n.type === 'aggregate' && !found.has(aggregateKey(n))) found.set(aggregateKey(n), n);
  }
  return [...found.values()];
}

/**
 * Whether the source is nothing but a dotted ancestor path (`hole.site.site`, `parent.combined_id`,
 * also `[parent.combined_id]`), which the server compiles to SQL joins (searchable and sortable).
 * @example isParentPath('hole.site.site') // true
 * @example isParentPath('[hole] + 1') // false
 */
export function isParentPath(src: string): boolean {
  try {
    return parseExpression(src).type === 'path';
  } catch {
    return false;
  }
}
