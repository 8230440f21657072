import { describe, expect, it } from 'vitest';
import { evaluateExpression } from './expression-evaluator';
import { parseExpression } from './expression-parser';
import { formatValue } from './formatter';

// Whatever the source, an expression yields a number, string, boolean or null, or fails to parse.
function outcome(src: string, record: Record<string, unknown> = {}): unknown {
  try {
    return evaluateExpression(parseExpression(src), { record, variables: { value: 1 } });
  } catch (error) {
    return error instanceof Error ? 'error' : 'thrown non-error';
  }
}

const HOSTILE: string[] = [
  'constructor',
  '[constructor]',
  '__proto__',
  '[__proto__]',
  'prototype',
  'a.constructor',
  'a.__proto__.x',
  '[a.constructor.name]',
  'constructor.constructor',
  "constructor.constructor('return process')()",
  'toString',
  '[toString]',
  'toString()',
  'valueOf()',
  'hasOwnProperty',
  'process',
  'process.env',
  'process.env.HOME',
  'globalThis',
  'globalThis.process',
  'window',
  'require',
  "require('fs')",
  'eval',
  "eval('1')",
  'Function',
  "Function('return 1')",
  'this',
  'import',
  'Math.max',
  "''.constructor",
  "'x'.length",
  '(1).toString',
  '[a].x',
  '__defineGetter__',
  'a.__lookupGetter__',
  'sum(constructor.x)',
  'count(__proto__)',
  'String',
  'Object.keys',
];

describe('no JavaScript is reachable through an expression', () => {
  it.each(HOSTILE)('%s → an error or a plain value', (src) => {
    const result = outcome(src, { a: { x: 1 } });
    expect(result === null || result === 'error' || ['number', 'string', 'boolean'].includes(typeof result)).toBe(true);
  });

  it.each(['constructor', '[constructor]', '__proto__', '[__proto__]', 'prototype', 'a.constructor', 'a.__proto__.x'])(
    '%s does not even parse',
    (src) => {
      expect(() => parseExpression(src)).toThrow('cannot be used in an expression');
    },
  );

  it.each(['toString()', 'valueOf()', "require('fs')", "eval('1')", "Function('return 1')", 'hasOwnProperty()'])(
    '%s is an unknown function',
    (src) => {
      expect(() => parseExpression(src)).toThrow('Unknown function');
    },
  );

  it.each(['toString', 'process', 'globalThis', 'process.env.HOME', 'window', 'eval', 'Math.max', 'hasOwnProperty'])(
    '%s is an absent column: null',
    (src) => {
      expect(outcome(src)).toBeNull();
    },
  );

  it('does not read inherited properties of the record or of nested objects', () => {
    const record = Object.create({ inherited: 'secret', nested: { x: 'secret' } }) as Record<string, unknown>;
    record.own = { child: Object.create({ x: 'secret' }) as unknown };
    expect(outcome('inherited', record)).toBeNull();
    expect(outcome('nested.x', record)).toBeNull();
    expect(outcome('own.child.x', record)).toBeNull();
  });

  it('does not walk into class instances, functions or arrays on a path', () => {
    class Secret {
      x = 'secret';
    }
    const record = { inst: new Secret(), fn: Object.assign(() => 1, { x: 'secret' }), arr: ['secret'] };
    expect(outcome('inst.x', record)).toBeNull();
    expect(outcome('fn.x', record)).toBeNull();
    expect(outcome('arr.length', record)).toBeNull();
    expect(outcome('[inst]', record)).toBeNull();
    expect(outcome('[fn]', record)).toBeNull();
  });

  it('does not call functions stored in the record', () => {
    let called = false;
    const record = {
      f: () => {
        called = true;
        return 1;
      },
      toString: () => {
        called = true;
        return 'x';
      },
    };
    expect(outcome("[f] + ''", record)).toBe('');
    expect(outcome('toString', record)).toBeNull();
    expect(outcome("concat([f], [toString], 'x')", record)).toBe('x');
    expect(called).toBe(false);
  });

  it('keeps hostile formatters to the formatter error or plain text', () => {
    expect(formatValue("constructor.constructor('return process')()", 1, {})).toBe('ERROR in formatter');
    expect(formatValue('globalThis', 1, {})).toBe('');
    expect(formatValue('[__proto__]', 1, {})).toBe('ERROR in formatter');
  });
});
