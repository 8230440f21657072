import {
  isMatchFilterNode,
  isNullFilterNode,
  type ComparisonFilterNode,
  type FilterListItem,
  type FilterMatchContext,
  type FilterNode,
  type MatchFilterNode,
} from './filter-ast';
import { toFilterRegExp } from './portable-regex';

type Scalar = string | number;

// Record values as a SQL row holds them: numbers (booleans as 0/1) or text; anything else is null.
function toScalar(value: unknown, numeric: boolean): Scalar | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  if (!numeric) return value;
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? number : null;
}

function readColumn(record: Readonly<Record<string, unknown>>, column: string): unknown {
  return Object.hasOwn(record, column) ? record[column] : undefined;
}

function compare(stored: Scalar, node: ComparisonFilterNode): boolean {
  const wanted = node.value;
  const numeric = typeof wanted === 'number';
  const left = numeric ? Number(stored) : String(stored);
  switch (node.op) {
    case 'eq-exact':
      return left === wanted;
    case 'neq-exact':
      return left !== wanted;
    case 'lt':
      return left < wanted;
    case 'lte':
      return left <= wanted;
    case 'gt':
      return left > wanted;
    case 'gte':
      return left >= wanted;
  }
}

function listItemsOf(node: FilterNode, context: FilterMatchContext): readonly FilterListItem[] {
  const lists = context.lists;
  if (node.kind !== 'list' || node.listName === undefined || !lists) return [];
  return Object.hasOwn(lists, node.listName) ? (lists[node.listName] ?? []) : [];
}

// A list column matches on its code, or on the text of the list item holding that code.
function anyListText(code: string, items: readonly FilterListItem[], test: (text: string) => boolean): boolean {
  return items.some((item) => item.display === code && item.remark !== null && test(item.remark));
}

function matchRegex(stored: string, node: MatchFilterNode, items: readonly FilterListItem[]): boolean {
  const regex = toFilterRegExp(node.value);
  const test = (text: string): boolean => regex.test(text);
  const positive = test(stored) || anyListText(stored, items, test);
  return node.op === 'match' ? positive : !positive;
}

function matchEquality(stored: string, node: ComparisonFilterNode, items: readonly FilterListItem[]): boolean {
  const test = (text: string): boolean => text === node.value;
  const positive = test(stored) || anyListText(stored, items, test);
  return node.op === 'eq-exact' ? positive : !positive;
}

function matchesNode(
  record: Readonly<Record<string, unknown>>,
  node: FilterNode,
  context: FilterMatchContext,
): boolean {
  const numeric = node.kind === 'number' || node.kind === 'boolean';
  const stored = toScalar(readColumn(record, node.column), numeric);
  if (isNullFilterNode(node)) return node.op === 'is-null' ? stored === null : stored !== null;
  if (stored === null) return false;
  const items = listItemsOf(node, context);
  if (isMatchFilterNode(node)) return matchRegex(String(stored), node, items);
  if (node.kind === 'list' && (node.op === 'eq-exact' || node.op === 'neq-exact')) {
    return matchEquality(String(stored), node, items);
  }
  return compare(stored, node);
}

/**
 * The in-memory interpreter of the filter AST: whether a record passes every node (AND). It agrees
 * with the server's SQL compiler on {@link FILTER_FIXTURES}: null passes only `is-null`; regex
 * matches are case-insensitive substring matches; list columns also match on their items' texts,
 * which `context.lists` supplies by list name.
 * @example
 * matchesFilter({ depth: 12 }, [parseFilterExpression('depth', '>10', 'number')]) // true
 */
export function matchesFilter(
  record: Readonly<Record<string, unknown>>,
  nodes: readonly FilterNode[],
  context: FilterMatchContext = {},
): boolean {
  return nodes.every((node) => matchesNode(record, node, context));
}
