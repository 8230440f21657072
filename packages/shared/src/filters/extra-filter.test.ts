import { describe, expect, it } from 'vitest';
import {
  evaluateExtraFilter,
  extraFilterExpression,
  extraFilterPredicate,
  extraFilterToNodes,
  parseExtraFilter,
  type ExtraFilterCondition,
} from './extra-filter';
import type { FilterColumnInfo } from './filter-columns';

describe('parseExtraFilter', () => {
  it('splits key operator value parts on &', () => {
    expect(parseExtraFilter('expedition_id={expedition_id}& type != null &depth>=1.5&name=a b')).toEqual([
      { key: 'expedition_id', operator: '=', value: [{ field: 'expedition_id' }] },
      { key: 'type', operator: '!=', value: null },
      { key: 'depth', operator: '>=', value: ['1.5'] },
      { key: 'name', operator: '=', value: ['a b'] },
    ]);
  });

  it.each([
    ['a!=1', '!='],
    ['a==1', '=='],
    ['a=1', '='],
    ['a<=1', '<='],
    ['a<1', '<'],
    ['a>=1', '>='],
    ['a>1', '>'],
  ])('%s has operator %s', (src, operator) => {
    expect(parseExtraFilter(src)[0]?.operator).toBe(operator);
  });

  it('reads placeholders inside text', () => {
    expect(parseExtraFilter('combined_id={hole}_{core}x')[0]?.value).toEqual([
      { field: 'hole' },
      '_',
      { field: 'core' },
      'x',
    ]);
  });

  it('ignores empty parts', () => {
    expect(parseExtraFilter('')).toEqual([]);
    expect(parseExtraFilter('a=1&&')).toHaveLength(1);
  });

  it.each(['a', '=1', '1a=2', 'a=1&b', 'a={b', 'a=}'])('refuses %j with a 400', (src) => {
    expect(() => parseExtraFilter(src)).toThrow(`Invalid extraFilter "${src}"`);
  });
});

describe('evaluateExtraFilter', () => {
  const model = { expedition_id: 3, site: '', hole: 'A', core: 7, methods: ['x', 'y'], obj: { a: 1 } };

  it.each([
    ['e={expedition_id}', '3'],
    ['e={site}', null],
    ['e={missing}', null],
    ['e={obj}', null],
    ['e={constructor}', null],
    ['e={methods}', 'x;y'],
    ['e=null', null],
    ['e={hole}_{core}', 'A_7'],
    ['e={site}-{hole}', '-A'],
    ['e=literal', 'literal'],
  ])('%s → %j', (src, value) => {
    expect(evaluateExtraFilter(parseExtraFilter(src), model)[0]?.value).toBe(value);
  });
});

describe('extraFilterExpression', () => {
  it.each<[ExtraFilterCondition, string | undefined]>([
    [{ key: 'a', operator: '=', value: '1' }, '==1'],
    [{ key: 'a', operator: '==', value: 'x' }, '==x'],
    [{ key: 'a', operator: '!=', value: 'x' }, '!==x'],
    [{ key: 'a', operator: '<', value: '5' }, '<5'],
    [{ key: 'a', operator: '>=', value: '5' }, '>=5'],
    [{ key: 'a', operator: '=', value: null }, '==NULL'],
    [{ key: 'a', operator: '!=', value: null }, '!==NULL'],
    [{ key: 'a', operator: '>', value: null }, undefined],
  ])('%j → %s', (condition, expr) => {
    expect(extraFilterExpression(condition)).toBe(expr);
  });
});

describe('extraFilterToNodes', () => {
  const columns = new Map<string, FilterColumnInfo>([
    ['site_id', { kind: 'number' }],
    ['type', { kind: 'list', listName: 'CORE_TYPE' }],
  ]);
  const info = (column: string) => columns.get(column);

  it('makes exact nodes from the evaluated parts', () => {
    const conditions = evaluateExtraFilter(parseExtraFilter('site_id={site}&type!=null&site_id<{none}'), { site: 4 });
    expect(extraFilterToNodes(conditions, info)).toEqual([
      { column: 'site_id', kind: 'number', op: 'eq-exact', value: 4 },
      { column: 'type', kind: 'list', listName: 'CORE_TYPE', op: 'not-null' },
    ]);
  });

  it('refuses unknown keys and bad values with a 400', () => {
    expect(() => extraFilterToNodes([{ key: 'nope', operator: '=', value: '1' }], info)).toThrow(
      'unknown column "nope"',
    );
    expect(() => extraFilterToNodes([{ key: 'site_id', operator: '=', value: 'x' }], info)).toThrow(
      '"x" is not a number.',
    );
  });
});

describe('extraFilterPredicate', () => {
  const items = [
    { id: 1, hole_id: 3, type: 'A', depth: '10' },
    { id: 2, hole_id: 4, type: null, depth: 2 },
    { id: 3, hole_id: '3', type: '', depth: 30 },
  ];
  const ids = (src: string, model: Record<string, unknown> = {}) =>
    items.filter(extraFilterPredicate(src, model)).map((i) => i.id);

  it.each<[string, Record<string, unknown>, number[]]>([
    ['hole_id={hole_id}', { hole_id: 3 }, [1, 3]],
    ['hole_id=={hole_id}', { hole_id: '4' }, [2]],
    ['hole_id!={hole_id}', { hole_id: 3 }, [2]],
    ['type=null', {}, [2, 3]],
    ['type!=null', {}, [1]],
    ['type={t}', {}, [2, 3]],
    ['depth>5', {}, [1, 3]],
    ['depth<=10', {}, [1, 2]],
    ['depth>5&hole_id=3', {}, [1, 3]],
    ['type=a', {}, []],
    ['missing=1', {}, []],
    ['missing!=1', {}, []],
    ['', {}, [1, 2, 3]],
  ])('%s with %j keeps %j', (src, model, expected) => {
    expect(ids(src, model)).toEqual(expected);
  });
});
