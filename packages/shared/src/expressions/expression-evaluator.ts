import {
  aggregateKey,
  type AggregateNode,
  type BinaryNode,
  type ColumnNode,
  type ExpressionNode,
  type ExpressionValue,
  type PathNode,
} from './expression-ast';
import { EXPRESSION_FUNCTIONS } from './expression-functions';
import { finite, isTruthy, toExpressionValue, toNumber, toText } from './expression-values';

type Data = Readonly<Record<string, unknown>>;

/**
 * What an expression can read. Nothing else is reachable: lookups use own properties of plain
 * objects only, and every value is reduced to a number, string, boolean or null.
 */
export interface ExpressionScope {
  /** The record: `[column]` and bare names; nested plain objects serve paths (`hole.site.site`). */
  record?: Data;
  /** Bare names looked up before the record (a formatter's `value`). */
  variables?: Data;
  /** Values of parent paths by their dotted text (`'hole.site.site'`), as the server joined them. */
  paths?: Data;
  /** Values of child aggregates by {@link aggregateKey} (`'count(sections)'`), as the server computed them. */
  aggregates?: Data;
}

function own(data: Data | undefined, key: string): unknown {
  return data !== undefined && Object.hasOwn(data, key) ? data[key] : undefined;
}

function isPlainObject(value: unknown): value is Data {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function readColumn(node: ColumnNode, scope: ExpressionScope): ExpressionValue {
  if (!node.bracketed && scope.variables && Object.hasOwn(scope.variables, node.name)) {
    return toExpressionValue(scope.variables[node.name]);
  }
  return toExpressionValue(own(scope.record, node.name));
}

// A path's dotted text and an aggregate's key per node: an expression is evaluated once per row
// of an export (a million rows), so the keys are built once, not a string per row.
const pathKeys = new WeakMap<PathNode, string>();
const aggregateKeys = new WeakMap<AggregateNode, string>();

function keyOf<N extends object>(keys: WeakMap<N, string>, node: N, build: (node: N) => string): string {
  let key = keys.get(node);
  if (key === undefined) {
    key = build(node);
    keys.set(node, key);
  }
  return key;
}

const dotted = (node: PathNode) => node.segments.join('.');

function readPath(node: PathNode, scope: ExpressionScope): ExpressionValue {
  const key = keyOf(pathKeys, node, dotted);
  if (scope.paths && Object.hasOwn(scope.paths, key)) return toExpressionValue(scope.paths[key]);
  let current: unknown = scope.record;
  for (const segment of node.segments) {
    if (!isPlainObject(current)) return null;
    current = own(current, segment);
  }
  return toExpressionValue(current);
}

// In the browser the children may sit in the record as an array of plain objects.
function readAggregate(node: AggregateNode, scope: ExpressionScope): ExpressionValue {
  const key = keyOf(aggregateKeys, node, aggregateKey);
  if (scope.aggregates && Object.hasOwn(scope.aggregates, key)) return toExpressionValue(scope.aggregates[key]);
  const children = own(scope.record, node.relation);
  if (!Array.isArray(children)) return null;
  const rows = children.filter(isPlainObject);
  if (node.column === null) return rows.length;
  const column = node.column;
  const values = rows.map((row) => toExpressionValue(own(row, column)));
  const fn = EXPRESSION_FUNCTIONS.get(node.fn);
  return fn ? fn.call(values) : null;
}

function arithmetic(operator: string, a: number, b: number): number | null {
  switch (operator) {
    case '-':
      return finite(a - b);
    case '*':
      return finite(a * b);
    case '/':
      return b === 0 ? null : finite(a / b);
    case '%':
      return b === 0 ? null : finite(a % b);
    default:
      return finite(a + b);
  }
}

// Numbers compare as numbers when one side is a number and the other reads as one; else as text.
function order(left: ExpressionValue, right: ExpressionValue): number | null {
  if (left === null || right === null) return null;
  const numeric = typeof left !== 'string' || typeof right !== 'string';
  const a = toNumber(left);
  const b = toNumber(right);
  if (numeric && a !== null && b !== null) return a - b;
  if (numeric) return null;
  return left === right ? 0 : left < right ? -1 : 1;
}

function compare(operator: string, left: ExpressionValue, right: ExpressionValue): ExpressionValue {
  if (operator === '==' || operator === '!=') {
    const equal = left === null || right === null ? left === right : order(left, right) === 0;
    return operator === '==' ? equal : !equal;
  }
  const result = order(left, right);
  if (result === null) return null;
  if (operator === '<') return result < 0;
  if (operator === '<=') return result <= 0;
  if (operator === '>') return result > 0;
  return result >= 0;
}

const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%']);

function binary(node: BinaryNode, scope: ExpressionScope): ExpressionValue {
  const left = evaluateExpression(node.left, scope);
  const right = evaluateExpression(node.right, scope);
  const { operator } = node;
  if (!ARITHMETIC.has(operator)) return compare(operator, left, right);
  // `+` concatenates when either side is text; null then reads as ''
  if (operator === '+' && (typeof left === 'string' || typeof right === 'string')) return toText(left) + toText(right);
  const a = toNumber(left);
  const b = toNumber(right);
  return a === null || b === null ? null : arithmetic(operator, a, b);
}

function unary(operator: string, value: ExpressionValue): ExpressionValue {
  if (operator === '!') return !isTruthy(value);
  const number = toNumber(value);
  if (number === null) return null;
  return operator === '-' ? -number : number;
}

/**
 * Evaluates a parsed expression against a scope. Pure and total: it never calls JavaScript beyond
 * the whitelisted functions and never throws on data. Null semantics: arithmetic and comparison
 * with null give null, `+` with text concatenates (null as ''), division by zero gives null,
 * `&&` `||` `!` give booleans.
 * @example evaluateExpression(parseExpression('[a] - [b]'), { record: { a: 5, b: 2 } }) // 3
 * @example evaluateExpression(parseExpression('[a] / 0'), { record: { a: 5 } }) // null
 */
export function evaluateExpression(node: ExpressionNode, scope: ExpressionScope = {}): ExpressionValue {
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'column':
      return readColumn(node, scope);
    case 'path':
      return readPath(node, scope);
    case 'aggregate':
      return readAggregate(node, scope);
    case 'unary':
      return unary(node.operator, evaluateExpression(node.operand, scope));
    case 'binary':
      return binary(node, scope);
    case 'logical': {
      const left = isTruthy(evaluateExpression(node.left, scope));
      if (node.operator === '&&' ? !left : left) return left;
      return isTruthy(evaluateExpression(node.right, scope));
    }
    case 'conditional':
      return evaluateExpression(
        isTruthy(evaluateExpression(node.test, scope)) ? node.consequent : node.alternate,
        scope,
      );
    case 'call': {
      const fn = EXPRESSION_FUNCTIONS.get(node.name);
      return fn ? fn.call(node.args.map((arg) => evaluateExpression(arg, scope))) : null;
    }
  }
}
