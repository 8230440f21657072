import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { childAggregates, isParentPath, parentPaths, referencedColumns } from './expression-analysis';
import { ExpressionError } from './expression-error';
import { parseExpression } from './expression-parser';

describe('parseExpression', () => {
  it('builds the tree with precedence and positions', () => {
    expect(parseExpression('[a] + 2 * b')).toEqual({
      type: 'binary',
      operator: '+',
      pos: 4,
      left: { type: 'column', name: 'a', bracketed: true, pos: 0 },
      right: {
        type: 'binary',
        operator: '*',
        pos: 8,
        left: { type: 'literal', value: 2, pos: 6 },
        right: { type: 'column', name: 'b', bracketed: false, pos: 10 },
      },
    });
  });

  it.each([
    ['hole.site.site', { type: 'path', segments: ['hole', 'site', 'site'], pos: 0 }],
    ['[parent.combined_id]', { type: 'path', segments: ['parent', 'combined_id'], pos: 0 }],
    ['[ depth ]', { type: 'column', name: 'depth', bracketed: true, pos: 0 }],
    ['count(sections)', { type: 'aggregate', fn: 'count', relation: 'sections', column: null, pos: 0 }],
    [
      'SUM(children.section_length)',
      { type: 'aggregate', fn: 'sum', relation: 'children', column: 'section_length', pos: 0 },
    ],
    [
      'if(1, 2, 3)',
      {
        type: 'conditional',
        pos: 0,
        test: { type: 'literal', value: 1, pos: 3 },
        consequent: { type: 'literal', value: 2, pos: 6 },
        alternate: { type: 'literal', value: 3, pos: 9 },
      },
    ],
  ])('%s', (src, ast) => {
    expect(parseExpression(src)).toEqual(ast);
  });

  it('keeps scalar uses of the aggregate names as calls', () => {
    expect(parseExpression('sum([a], 1)').type).toBe('call');
    expect(parseExpression('sum(a)').type).toBe('call');
    expect(parseExpression('count([a])').type).toBe('call');
  });

  it.each([
    ['', 'Unexpected end of expression at position 0.'],
    ['1 +', 'Unexpected end of expression at position 3.'],
    ['(1', 'Expected ")" but found "end" at position 2.'],
    ['1 2', 'Unexpected "2" at position 2.'],
    ["'open", 'Unterminated string at position 0.'],
    ['[open', 'Unterminated [column] at position 0.'],
    ['[two words]', '"two words" is not a column name at position 0.'],
    ['[]', '"" is not a column name at position 0.'],
    ['#', 'Unexpected character "#" at position 0.'],
    ['a = 1', 'Unexpected character "=" at position 2.'],
    ['foo(1)', 'Unknown function "foo" at position 0.'],
    ['round()', 'Wrong number of arguments for round() at position 0.'],
    ['round(1, 2, 3)', 'Wrong number of arguments for round() at position 0.'],
    ['abs(1, 2)', 'Wrong number of arguments for abs() at position 0.'],
    ['if(1, 2)', 'if() takes 3 arguments at position 0.'],
    ['1 ? 2', 'Expected ":" but found "end" at position 5.'],
    ['a.', 'Expected a name after "." at position 2.'],
    ['sum(a.b.c)', 'sum() over "a.b.c": use relation.column at position 0.'],
    ["'\\x'", 'Unknown escape "\\x" at position 1.'],
    ['1 +* 2', 'Unexpected "*" at position 3.'],
  ])('%j → %s', (src, message) => {
    expect(() => parseExpression(src)).toThrow(message);
  });

  it('throws a 400 ExpressionError carrying the position', () => {
    try {
      parseExpression('1 + )');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExpressionError);
      expect(error).toBeInstanceOf(AppError);
      expect((error as ExpressionError).status).toBe(400);
      expect((error as ExpressionError).position).toBe(4);
    }
  });

  it('limits the length and the nesting', () => {
    expect(() => parseExpression('1+'.repeat(2100) + '1')).toThrow('at most 4000 characters');
    expect(() => parseExpression('('.repeat(100) + '1' + ')'.repeat(100))).toThrow('nested too deeply');
    expect(() => parseExpression('-'.repeat(100) + '1')).toThrow('nested too deeply');
    expect(parseExpression('('.repeat(30) + '1' + ')'.repeat(30))).toEqual({ type: 'literal', value: 1, pos: 30 });
  });
});

describe('analysis', () => {
  it.each([
    ['[a] + [b] * a', ['a', 'b']],
    ["[drilling_method] +', '+ [bit_sizes]", ['drilling_method', 'bit_sizes']],
    ['hole.site.site + count(x) + round([depth], 2)', ['depth']],
    ['if([c], [d], e)', ['c', 'd', 'e']],
    ['1', []],
  ])('referencedColumns(%s)', (src, columns) => {
    expect(referencedColumns(parseExpression(src))).toEqual(columns);
  });

  it.each([
    ["hole.site.site + '_' + [core] + hole.site.site", ['hole.site.site']],
    ['[parent.combined_id] + parent.x', ['parent.combined_id', 'parent.x']],
    ['sum(sections.length)', []],
  ])('parentPaths(%s)', (src, paths) => {
    expect(parentPaths(parseExpression(src))).toEqual(paths);
  });

  it('lists each child aggregate once', () => {
    const aggregates = childAggregates(parseExpression('sum(s.l) / count(s) + sum(s.l) + max(s.l)'));
    expect(aggregates.map((a) => [a.fn, a.relation, a.column])).toEqual([
      ['sum', 's', 'l'],
      ['count', 's', null],
      ['max', 's', 'l'],
    ]);
  });

  it.each([
    ['hole.site.site', true],
    ['parent.combined_id', true],
    ['[parent.combined_id]', true],
    ['  hole.site  ', true],
    ['hole', false],
    ['[hole]', false],
    ['hole.site + 1', false],
    ["parent.combined_id + '_B' + [box]", false],
    ['hole.constructor', false],
    ['hole.', false],
    ['', false],
  ])('isParentPath(%j) → %s', (src, expected) => {
    expect(isParentPath(src)).toBe(expected);
  });
});
