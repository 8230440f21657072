import type { AggregateNode, ExpressionNode } from '@mdis/shared/expressions';
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';

/** The static type of a compiled expression: what SQL may compare, sort and concatenate it as. */
export type SqlValueType = 'number' | 'text' | 'bool' | 'null';

export interface SqlValue {
  sql: RawBuilder<unknown>;
  type: SqlValueType;
  /** How many parent levels must be joined for it (0 = the record's own table). */
  level: number;
}

/** What the names of an expression mean in the list's query (looked up in the template only). */
export interface ExpressionSqlScope {
  dialect: Dialect;
  column(name: string): SqlValue | undefined;
  path(text: string): SqlValue | undefined;
  aggregate(node: AggregateNode): SqlValue | undefined;
}

/**
 * `CAST(x AS DOUBLE PRECISION)` is REAL on SQLite and float8 on PostgreSQL: one spelling, the same
 * arithmetic (no integer division) on both.
 */
function asDouble(value: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`CAST(${value} AS DOUBLE PRECISION)`;
}

// A number as the expression language writes it (JavaScript's String): 10 → '10', 10.5 → '10.5'.
// SQLite writes a REAL 10 as '10.0', so whole numbers go through BIGINT (nested CASE: PostgreSQL
// does not promise to short-circuit AND, and BIGINT overflows beyond 9.2e18).
/**
 * The expression language's round (roundTo: half away from zero on the shortest decimal text) in
 * SQL. SQLite: the registered mdis_round (its ROUND rounds the binary value: 37.025 → 37.02).
 * PostgreSQL: roundTo's steps. float8's text is the shortest decimal (since 12; a cast straight to
 * NUMERIC keeps only 15 digits: 5.194999999999999 → 5.20 where the API shows 5.19); shifted by n
 * as NUMERIC, it is read back as a double, as roundTo's `Number(text + 'e' + n)` does, and that
 * double's text is rounded half away from zero: 31.54 + 0.095 = 31.634999999999998 shifts to
 * 3163.5 and shows as 31.64 (a ROUND of the exact decimal stored 31.63 beside it).
 */
export function roundSql(value: RawBuilder<unknown>, digits: number, dialect: Dialect): RawBuilder<unknown> {
  if (dialect === 'sqlite') return sql`mdis_round(${value}, ${sql.lit(digits)})`;
  const scale = sql.lit(10 ** digits);
  const shifted = sql`CAST(CAST(CAST(${asDouble(value)} AS TEXT) AS NUMERIC) * ${scale} AS DOUBLE PRECISION)`;
  return asDouble(sql`ROUND(CAST(CAST(${shifted} AS TEXT) AS NUMERIC)) / ${scale}`);
}

function numberText(value: RawBuilder<unknown>): RawBuilder<unknown> {
  const double = asDouble(value);
  return sql`(CASE WHEN ABS(${double}) >= 1e15 THEN CAST(${double} AS TEXT) WHEN ${double} = CAST(${double} AS BIGINT) THEN CAST(CAST(${double} AS BIGINT) AS TEXT) ELSE CAST(${double} AS TEXT) END)`;
}

/** Text for `+` concatenation: null reads as '' (as the evaluator's toText). */
function concatPart(value: SqlValue): RawBuilder<unknown> | undefined {
  if (value.type === 'null') return sql`''`;
  if (value.type === 'text') return sql`COALESCE(${value.sql}, '')`;
  if (value.type === 'number') return sql`COALESCE(${numberText(value.sql)}, '')`;
  return undefined;
}

/** The evaluator's isTruthy as an SQL condition. */
function truthy(value: SqlValue): RawBuilder<unknown> | undefined {
  if (value.type === 'bool') return value.sql;
  if (value.type === 'number') return sql`(${value.sql} IS NOT NULL AND ${value.sql} <> 0)`;
  if (value.type === 'text') return sql`(${value.sql} IS NOT NULL AND ${value.sql} <> '')`;
  return sql`(1 = 0)`;
}

const COMPARE: Record<string, string> = { '==': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

function level(...values: SqlValue[]): number {
  return Math.max(0, ...values.map((v) => v.level));
}

function unify(a: SqlValue, b: SqlValue): SqlValueType | undefined {
  if (a.type === 'null') return b.type;
  if (b.type === 'null' || a.type === b.type) return a.type;
  return undefined;
}

function literal(value: ExpressionNode & { type: 'literal' }): SqlValue | undefined {
  if (value.value === null) return { sql: sql`NULL`, type: 'null', level: 0 };
  if (typeof value.value === 'number') return { sql: sql.lit(value.value), type: 'number', level: 0 };
  if (typeof value.value === 'string') return { sql: sql.lit(value.value), type: 'text', level: 0 };
  return { sql: value.value ? sql`(1 = 1)` : sql`(1 = 0)`, type: 'bool', level: 0 };
}

function binary(node: ExpressionNode & { type: 'binary' }, scope: ExpressionSqlScope): SqlValue | undefined {
  const left = compile(node.left, scope);
  const right = compile(node.right, scope);
  if (!left || !right) return undefined;
  const at = level(left, right);
  const op = node.operator;
  if (op === '+' && (left.type === 'text' || right.type === 'text')) {
    const [a, b] = [concatPart(left), concatPart(right)];
    return a && b ? { sql: sql`(${a} || ${b})`, type: 'text', level: at } : undefined;
  }
  if (op in COMPARE) {
    const type = unify(left, right);
    if (type !== 'number' && type !== 'text') return undefined;
    return { sql: sql`(${left.sql} ${sql.raw(COMPARE[op] ?? '=')} ${right.sql})`, type: 'bool', level: at };
  }
  if (left.type === 'null' || right.type === 'null') return { sql: sql`NULL`, type: 'null', level: at };
  if (left.type !== 'number' || right.type !== 'number') return undefined;
  if (op === '/') return { sql: sql`(${asDouble(left.sql)} / NULLIF(${right.sql}, 0))`, type: 'number', level: at };
  if (op === '%') return undefined;
  return { sql: sql`(${left.sql} ${sql.raw(op)} ${right.sql})`, type: 'number', level: at };
}

function call(node: ExpressionNode & { type: 'call' }, scope: ExpressionSqlScope): SqlValue | undefined {
  const args = node.args.map((arg) => compile(arg, scope));
  if (args.some((arg) => arg === undefined)) return undefined;
  const values = args as SqlValue[];
  const at = level(...values);
  const first = values.at(0);
  switch (node.name) {
    case 'round': {
      const digits = node.args[1]?.type === 'literal' ? node.args[1].value : node.args.length === 1 ? 0 : undefined;
      if (first?.type !== 'number' || typeof digits !== 'number' || !Number.isInteger(digits) || digits < 0)
        return undefined;
      return { sql: roundSql(first.sql, digits, scope.dialect), type: 'number', level: at };
    }
    case 'abs':
      return first?.type === 'number' ? { sql: sql`ABS(${first.sql})`, type: 'number', level: at } : undefined;
    case 'coalesce': {
      const type = values.reduce<SqlValueType | undefined>(
        (found, value) => (found === undefined ? undefined : unify({ ...value, type: found }, value)),
        'null',
      );
      if (type !== 'number' && type !== 'text') return undefined;
      return { sql: sql`COALESCE(${sql.join(values.map((v) => v.sql))})`, type, level: at };
    }
    case 'concat': {
      const parts = values.flatMap((value) => concatPart(value) ?? []);
      if (parts.length !== values.length) return undefined;
      return { sql: sql`(${sql.join(parts, sql` || `)})`, type: 'text', level: at };
    }
    case 'lower':
    case 'upper':
    case 'trim':
      return first?.type === 'text'
        ? { sql: sql`${sql.raw(node.name.toUpperCase())}(${first.sql})`, type: 'text', level: at }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * An expression of the safe expression language as SQL over the list query (`r` and the joined
 * ancestors), so a pseudo column it defines can be sorted and filtered by the database: the same
 * value the evaluator computes for display. Undefined for what has no faithful SQL form here
 * (mixed-type comparisons, `%`, min/max over values, …): such a column is not sortable.
 */
export function compileExpression(node: ExpressionNode, scope: ExpressionSqlScope): SqlValue | undefined {
  return compile(node, scope);
}

function compile(node: ExpressionNode, scope: ExpressionSqlScope): SqlValue | undefined {
  switch (node.type) {
    case 'literal':
      return literal(node);
    case 'column':
      return scope.column(node.name);
    case 'path':
      return scope.path(node.segments.join('.'));
    case 'aggregate':
      return scope.aggregate(node);
    case 'unary': {
      const operand = compile(node.operand, scope);
      if (!operand) return undefined;
      if (node.operator === '!') {
        const test = truthy(operand);
        return test && { sql: sql`(NOT ${test})`, type: 'bool', level: operand.level };
      }
      if (operand.type !== 'number') return undefined;
      return node.operator === '-' ? { ...operand, sql: sql`(-${operand.sql})` } : operand;
    }
    case 'binary':
      return binary(node, scope);
    case 'logical': {
      const left = compile(node.left, scope);
      const right = compile(node.right, scope);
      const [a, b] = [left && truthy(left), right && truthy(right)];
      if (!left || !right || !a || !b) return undefined;
      const op = node.operator === '&&' ? sql` AND ` : sql` OR `;
      return { sql: sql`(${a}${op}${b})`, type: 'bool', level: level(left, right) };
    }
    case 'conditional': {
      const test = compile(node.test, scope);
      const yes = compile(node.consequent, scope);
      const no = compile(node.alternate, scope);
      const condition = test && truthy(test);
      if (!test || !yes || !no || !condition) return undefined;
      const type = unify(yes, no);
      if (type !== 'number' && type !== 'text') return undefined;
      const at = level(test, yes, no);
      return { sql: sql`(CASE WHEN ${condition} THEN ${yes.sql} ELSE ${no.sql} END)`, type, level: at };
    }
    case 'call':
      return call(node, scope);
  }
}
