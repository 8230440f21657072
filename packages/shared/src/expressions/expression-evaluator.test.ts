import { describe, expect, it } from 'vitest';
import type { ExpressionValue } from './expression-ast';
import { evaluateExpression, type ExpressionScope } from './expression-evaluator';
import { parseExpression } from './expression-parser';

const record = {
  a: 5,
  b: 2,
  zero: 0,
  n: null,
  s: 'abc',
  num_text: '12.5',
  t: true,
  f: false,
  drilling_method: 'RCB',
  bit_sizes: 'HQ',
  drilling_depth_drf: 120.5,
  elevation_rig: 10.25,
  methods: ['Gamma', 'Sonic'],
  sections: [{ section_length: 1.5 }, { section_length: 0.5 }, { section_length: null }],
  hole: { hole: 'A', site: { site: '5071' } },
  value: 'column value',
};

const CASES: [string, ExpressionValue][] = [
  ['1 + 2 * 3', 7],
  ['(1 + 2) * 3', 9],
  ['10 - 4 - 3', 3],
  ['2 * 3 % 4', 2],
  ['7 / 2', 3.5],
  ['-[a] + +[b]', -3],
  ['[a] - [b]', 3],
  ['[a] * [b]', 10],
  ['[a] / [b]', 2.5],
  ['[a] % [b]', 1],
  ['a + b', 7],
  ['[drilling_depth_drf] - [elevation_rig]', 110.25],
  ["[drilling_method] +', '+ [bit_sizes]", 'RCB, HQ'],
  ["[drilling_method] + ', ' + [n]", 'RCB, '],
  ["'x' + 1", 'x1'],
  ["1 + '2'", '12'],
  ['[num_text] * 2', 25],
  ['[num_text] - 0.5', 12],
  ['[s] * 2', null],
  ['[n] + 1', null],
  ['[n] * 2', null],
  ['-[n]', null],
  ['[n] + [n]', null],
  ['[a] / 0', null],
  ['[a] / [zero]', null],
  ['[a] % 0', null],
  ['[missing] + 1', null],
  ['[t] + 1', 2],
  ['1 == 1', true],
  ['1 === 1', true],
  ["5 == '5'", true],
  ["'a' == 'A'", false],
  ['1 != 2', true],
  ['1 !== 1', false],
  ['[n] == null', true],
  ['[n] != null', false],
  ['[a] == null', false],
  ['[a] > [b]', true],
  ['[a] >= 5', true],
  ['[a] < 5', false],
  ['[a] <= 4', false],
  ["'abc' < 'abd'", true],
  ["[a] < 'x'", null],
  ['[n] < 1', null],
  ['[a] > 1 && [b] > 1', true],
  ['[a] > 1 && [b] > 2', false],
  ['[a] > 9 || [b] > 1', true],
  ['[n] || 0', false],
  ["[s] && 'yes'", true],
  ['!0', true],
  ["!''", true],
  ['![s]', false],
  ['!![a]', true],
  ["[a] > 1 ? 'big' : 'small'", 'big'],
  ["[n] ? 'set' : 'unset'", 'unset'],
  ['1 ? 2 ? 3 : 4 : 5', 3],
  ["if([a] > 9, 'big', 'small')", 'small'],
  ["IF([zero], 1 / 0, 'lazy')", 'lazy'],
  ['round(2.345, 2)', 2.35],
  ['round(1.005, 2)', 1.01],
  ['round(2.5)', 3],
  ['round(-2.5)', -3],
  ['round([n], 1)', null],
  ['round(1, -1)', null],
  ['round(1.23456789e-7, 9)', 1.23e-7],
  ['min(3, 1, 2)', 1],
  ['max(3, [n], 2)', 3],
  ['min([n], [n])', null],
  ['sum(1, 2, [n])', 3],
  ['avg(1, 2, 3, [n])', 2],
  ['count(1, [n], 0)', 2],
  ['abs(-4)', 4],
  ['floor(2.7)', 2],
  ['ceil(2.1)', 3],
  ['floor([n])', null],
  ["concat('a', [n], 1, true)", 'a1true'],
  ["coalesce([n], [missing], 'x', 'y')", 'x'],
  ['coalesce([n])', null],
  ["lower('AbC') + upper('d') + trim(' e ')", 'abcDe'],
  ['length([s])', 3],
  ['[methods]', 'Gamma;Sonic'],
  ['true', true],
  ['null', null],
  ["'it\\'s'", "it's"],
  ['"double"', 'double'],
  ['1e3 + .5', 1000.5],
  ['0.1 + 0.2 > 0.3', true],
];

describe('evaluateExpression', () => {
  it.each(CASES)('%s → %j', (src, expected) => {
    expect(evaluateExpression(parseExpression(src), { record })).toEqual(expected);
  });

  it.each([
    ['hole.site.site', '5071'],
    ['hole.hole', 'A'],
    ["[hole.site.site] + '-' + hole.hole", '5071-A'],
    ['hole.nothing.deeper', null],
    ['s.length', null],
    ['parent.combined_id', null],
  ])('path %s → %j (nested plain objects)', (src, expected) => {
    expect(evaluateExpression(parseExpression(src), { record })).toEqual(expected);
  });

  it('prefers the values the server joined for a path', () => {
    const scope: ExpressionScope = { record, paths: { 'parent.combined_id': '5071_1_A' } };
    expect(evaluateExpression(parseExpression("parent.combined_id + '_1'"), scope)).toBe('5071_1_A_1');
  });

  it.each([
    ['sum(sections.section_length)', 2],
    ['count(sections)', 3],
    ['count(sections.section_length)', 2],
    ['min(sections.section_length)', 0.5],
    ['max(sections.section_length)', 1.5],
    ['avg(sections.section_length)', 1],
    ['sum(cores.length)', null],
    ['count(s)', null],
  ])('aggregate %s → %j over children in the record', (src, expected) => {
    expect(evaluateExpression(parseExpression(src), { record })).toEqual(expected);
  });

  it('prefers the aggregates the server computed', () => {
    const scope: ExpressionScope = { record: {}, aggregates: { 'count(sections)': 7, 'sum(sections.length)': 3.5 } };
    expect(evaluateExpression(parseExpression('sum(sections.length) / count(sections)'), scope)).toBe(0.5);
  });

  it('reads bare names from the variables first, brackets from the record', () => {
    const scope: ExpressionScope = { record, variables: { value: 42 } };
    expect(evaluateExpression(parseExpression('value'), scope)).toBe(42);
    expect(evaluateExpression(parseExpression('[value]'), scope)).toBe('column value');
  });

  it('never throws on an empty scope', () => {
    for (const [src] of CASES) {
      expect(() => evaluateExpression(parseExpression(src))).not.toThrow();
    }
  });
});
