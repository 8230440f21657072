/**
 * The AST of the one safe expression language, evaluated alike in the browser and on the server and
 * never by `eval` (DESIGN §7): form `calculate`, pseudo columns, formatters.
 * Every node carries `pos`, its offset in the source.
 */

export type ExpressionValue = number | string | boolean | null;

export type UnaryOperator = '-' | '+' | '!';
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';
export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';
export type BinaryOperator = ArithmeticOperator | ComparisonOperator;
export type LogicalOperator = '&&' | '||';

/** Functions over child records, computed by the server in one batched query per page. */
export const AGGREGATE_FUNCTIONS = ['sum', 'count', 'min', 'max', 'avg'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export interface LiteralNode {
  type: 'literal';
  value: ExpressionValue;
  pos: number;
}

/** `[column]` (bracketed) or a bare identifier of the record. */
export interface ColumnNode {
  type: 'column';
  name: string;
  bracketed: boolean;
  pos: number;
}

/** A dotted path through ancestors: `parent.combined_id`, `hole.site.site` (two or more segments). */
export interface PathNode {
  type: 'path';
  segments: string[];
  pos: number;
}

export interface UnaryNode {
  type: 'unary';
  operator: UnaryOperator;
  operand: ExpressionNode;
  pos: number;
}

export interface BinaryNode {
  type: 'binary';
  operator: BinaryOperator;
  left: ExpressionNode;
  right: ExpressionNode;
  pos: number;
}

export interface LogicalNode {
  type: 'logical';
  operator: LogicalOperator;
  left: ExpressionNode;
  right: ExpressionNode;
  pos: number;
}

/** `test ? consequent : alternate`, also written `if(test, consequent, alternate)`. */
export interface ConditionalNode {
  type: 'conditional';
  test: ExpressionNode;
  consequent: ExpressionNode;
  alternate: ExpressionNode;
  pos: number;
}

/** A call of a whitelisted scalar function (see `EXPRESSION_FUNCTIONS`). */
export interface CallNode {
  type: 'call';
  name: string;
  args: ExpressionNode[];
  pos: number;
}

/**
 * An aggregate over the child records of a relation: `sum(sections.section_length)`,
 * `count(sections)` (column null: counts the children).
 */
export interface AggregateNode {
  type: 'aggregate';
  fn: AggregateFunction;
  relation: string;
  column: string | null;
  pos: number;
}

export type ExpressionNode =
  | LiteralNode
  | ColumnNode
  | PathNode
  | UnaryNode
  | BinaryNode
  | LogicalNode
  | ConditionalNode
  | CallNode
  | AggregateNode;

/**
 * The key under which a scope supplies an aggregate's value: `sum(sections.section_length)`.
 * @example aggregateKey({ type: 'aggregate', fn: 'count', relation: 'sections', column: null, pos: 0 }) // 'count(sections)'
 */
export function aggregateKey(node: AggregateNode): string {
  return `${node.fn}(${node.column === null ? node.relation : `${node.relation}.${node.column}`})`;
}
