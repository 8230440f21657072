import type { ExpressionValue } from './expression-ast';
import { finite, roundTo, toNumber, toText } from './expression-values';

/** A whitelisted function: its arity and its implementation over plain values. */
export interface ExpressionFunction {
  minArgs: number;
  maxArgs: number;
  call: (args: readonly ExpressionValue[]) => ExpressionValue;
}

const MANY = Number.POSITIVE_INFINITY;

function numbers(args: readonly ExpressionValue[]): number[] {
  return args.map(toNumber).filter((n): n is number => n !== null);
}

function unary(fn: (x: number) => number): ExpressionFunction {
  return {
    minArgs: 1,
    maxArgs: 1,
    call: ([x = null]) => {
      const n = toNumber(x);
      return n === null ? null : finite(fn(n));
    },
  };
}

// Over several values the aggregates ignore nulls, as SQL's do; all null gives null.
function reduce(fn: (values: number[]) => number): ExpressionFunction {
  return {
    minArgs: 1,
    maxArgs: MANY,
    call: (args) => {
      const values = numbers(args);
      return values.length === 0 ? null : finite(fn(values));
    },
  };
}

function text(fn: (s: string) => ExpressionValue): ExpressionFunction {
  return { minArgs: 1, maxArgs: 1, call: ([x = null]) => (x === null ? null : fn(toText(x))) };
}

const round: ExpressionFunction = {
  minArgs: 1,
  maxArgs: 2,
  call: ([x = null, n = 0]) => {
    const value = toNumber(x);
    const digits = toNumber(n);
    if (value === null || digits === null || !Number.isInteger(digits) || digits < 0 || digits > 15) return null;
    return finite(roundTo(value, digits));
  },
};

/**
 * The only functions an expression can call (a Map, so no inherited name is ever found).
 * `if` is not here: the parser turns it into a conditional node, evaluated lazily.
 */
export const EXPRESSION_FUNCTIONS: ReadonlyMap<string, ExpressionFunction> = new Map<string, ExpressionFunction>([
  ['round', round],
  ['abs', unary(Math.abs)],
  ['floor', unary(Math.floor)],
  ['ceil', unary(Math.ceil)],
  ['min', reduce((values) => Math.min(...values))],
  ['max', reduce((values) => Math.max(...values))],
  ['sum', reduce((values) => values.reduce((a, b) => a + b, 0))],
  ['avg', reduce((values) => values.reduce((a, b) => a + b, 0) / values.length)],
  ['count', { minArgs: 1, maxArgs: MANY, call: (args) => args.filter((arg) => arg !== null).length }],
  ['concat', { minArgs: 1, maxArgs: MANY, call: (args) => args.map(toText).join('') }],
  ['coalesce', { minArgs: 1, maxArgs: MANY, call: (args) => args.find((arg) => arg !== null) ?? null }],
  ['lower', text((s) => s.toLowerCase())],
  ['upper', text((s) => s.toUpperCase())],
  ['trim', text((s) => s.trim())],
  ['length', text((s) => s.length)],
]);
