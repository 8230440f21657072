import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { ColumnKind, FilterNode } from './filter-ast';
import { FILTER_ERROR_FIXTURES, FILTER_FIXTURES } from './filter-fixtures';
import { parseFilterExpression } from './filter-parser';
import { filterColumnInfo, type FilterColumnInfo } from './filter-columns';
import { parseFilterQuery, serializeFilterNode } from './filter-query';

const PARSED: [string, ColumnKind, FilterNode][] = [
  ['5', 'number', { column: 'c', kind: 'number', op: 'eq-exact', value: 5 }],
  ['=5', 'number', { column: 'c', kind: 'number', op: 'eq-exact', value: 5 }],
  ['!=5', 'number', { column: 'c', kind: 'number', op: 'neq-exact', value: 5 }],
  ['==5', 'number', { column: 'c', kind: 'number', op: 'eq-exact', value: 5 }],
  ['!==5', 'number', { column: 'c', kind: 'number', op: 'neq-exact', value: 5 }],
  ['<-1.5', 'number', { column: 'c', kind: 'number', op: 'lt', value: -1.5 }],
  ['<=0', 'number', { column: 'c', kind: 'number', op: 'lte', value: 0 }],
  ['>1e3', 'number', { column: 'c', kind: 'number', op: 'gt', value: 1000 }],
  ['>=7', 'number', { column: 'c', kind: 'number', op: 'gte', value: 7 }],
  ['==NULL', 'number', { column: 'c', kind: 'number', op: 'is-null' }],
  ['!==NULL', 'number', { column: 'c', kind: 'number', op: 'not-null' }],
  ['abc', 'text', { column: 'c', kind: 'text', op: 'match', value: 'abc' }],
  ['=abc', 'text', { column: 'c', kind: 'text', op: 'match', value: 'abc' }],
  ['!=abc', 'text', { column: 'c', kind: 'text', op: 'not-match', value: 'abc' }],
  ['==^X$', 'text', { column: 'c', kind: 'text', op: 'eq-exact', value: '^X$' }],
  ['!==x y', 'text', { column: 'c', kind: 'text', op: 'neq-exact', value: 'x y' }],
  ['<b', 'text', { column: 'c', kind: 'text', op: 'lt', value: 'b' }],
  ['NULL', 'text', { column: 'c', kind: 'text', op: 'is-null' }],
  ['null', 'text', { column: 'c', kind: 'text', op: 'is-null' }],
  ['= null', 'text', { column: 'c', kind: 'text', op: 'is-null' }],
  ['==null', 'text', { column: 'c', kind: 'text', op: 'is-null' }],
  ['== NULL', 'text', { column: 'c', kind: 'text', op: 'is-null' }],
  ['==NULL', 'text', { column: 'c', kind: 'text', op: 'is-null' }],
  ['!= null', 'text', { column: 'c', kind: 'text', op: 'not-null' }],
  ['!=NULL', 'list', { column: 'c', kind: 'list', op: 'not-null' }],
  ['nullable', 'text', { column: 'c', kind: 'text', op: 'match', value: 'nullable' }],
  ['NULL', 'number', { column: 'c', kind: 'number', op: 'is-null' }],
  ['=null', 'date', { column: 'c', kind: 'date', op: 'is-null' }],
  ['null', 'boolean', { column: 'c', kind: 'boolean', op: 'is-null' }],
  ['2021', 'date', { column: 'c', kind: 'date', op: 'match', value: '2021' }],
  ['>2021-01-02T03:04:05', 'date', { column: 'c', kind: 'date', op: 'gt', value: '2021-01-02 03:04:05' }],
  ['==10:00', 'date', { column: 'c', kind: 'date', op: 'eq-exact', value: '10:00' }],
  ['yes', 'boolean', { column: 'c', kind: 'boolean', op: 'eq-exact', value: 1 }],
  ['=False', 'boolean', { column: 'c', kind: 'boolean', op: 'eq-exact', value: 0 }],
  ['!=y', 'boolean', { column: 'c', kind: 'boolean', op: 'neq-exact', value: 1 }],
  ['!==NULL', 'boolean', { column: 'c', kind: 'boolean', op: 'not-null' }],
];

function reasonOf(kind: ColumnKind, expr: string): string {
  try {
    parseFilterExpression('depth', expr, kind);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe('BAD_REQUEST');
    expect(appError.status).toBe(400);
    expect(appError.message.startsWith('Invalid filter for column "depth": ')).toBe(true);
    return appError.message.slice('Invalid filter for column "depth": '.length);
  }
  throw new Error(`"${expr}" parsed without an error`);
}

describe('parseFilterExpression', () => {
  it.each(PARSED)('%s on a %s column', (expr, kind, node) => {
    expect(parseFilterExpression('c', expr, kind)).toEqual(node);
  });

  it('carries the list name of a list column only', () => {
    expect(parseFilterExpression('t', 'R', 'list', { listName: 'CORE_TYPE' })).toEqual({
      column: 't',
      kind: 'list',
      listName: 'CORE_TYPE',
      op: 'match',
      value: 'R',
    });
    expect(parseFilterExpression('t', 'R', 'text', { listName: 'CORE_TYPE' })).not.toHaveProperty('listName');
  });

  it('gives the example message of the brief', () => {
    expect(() => parseFilterExpression('depth', 'abc', 'number')).toThrow(
      'Invalid filter for column "depth": "abc" is not a number.',
    );
  });

  it.each(FILTER_ERROR_FIXTURES.map((f) => [f.kind, f.expr, f.reason] as const))(
    '%s %s → 400',
    (kind, expr, reason) => {
      const actual = reasonOf(kind, expr);
      if (reason !== undefined) expect(actual).toBe(reason);
    },
  );

  it('parses every fixture expression', () => {
    for (const f of FILTER_FIXTURES) {
      expect(() =>
        parseFilterExpression('c', f.expr, f.kind, f.listName ? { listName: f.listName } : {}),
      ).not.toThrow();
    }
  });
});

describe('parseFilterQuery', () => {
  const columns = new Map<string, FilterColumnInfo>([
    ['depth', { kind: 'number' }],
    ['hole', { kind: 'text' }],
  ]);
  const info = (column: string) => columns.get(column);

  it('parses every column, skips empty ones and AND-s repeated ones', () => {
    expect(parseFilterQuery({ depth: ['>1', '<5'], hole: '', other: undefined }, info)).toEqual([
      { column: 'depth', kind: 'number', op: 'gt', value: 1 },
      { column: 'depth', kind: 'number', op: 'lt', value: 5 },
    ]);
  });

  it('refuses an unknown column with a 400', () => {
    expect(() => parseFilterQuery({ nope: 'x' }, info)).toThrow('Invalid filter: unknown column "nope".');
  });

  it('asks only about columns of the query itself', () => {
    const query = Object.create({ inherited: 'x' }) as Record<string, string>;
    query.depth = '1';
    expect(parseFilterQuery(query, info)).toHaveLength(1);
  });
});

describe('serializeFilterNode', () => {
  it.each(FILTER_FIXTURES.map((f) => [f.kind, f.expr, f.listName] as const))(
    '%s %s round-trips',
    (kind, expr, listName) => {
      const options = listName ? { listName } : {};
      const node = parseFilterExpression('c', expr, kind, options);
      expect(parseFilterExpression('c', serializeFilterNode(node), kind, options)).toEqual(node);
    },
  );

  it('keeps a regex that starts with an operator character a regex', () => {
    const node = parseFilterExpression('c', '=<a', 'text');
    expect(serializeFilterNode(node)).toBe('=<a');
  });
});

describe('filterColumnInfo', () => {
  it.each([
    ['integer', undefined, { kind: 'number' }],
    ['double', undefined, { kind: 'number' }],
    ['boolean', undefined, { kind: 'boolean' }],
    ['string', undefined, { kind: 'text' }],
    ['string', '', { kind: 'text' }],
    ['string', 'CORE_TYPE', { kind: 'list', listName: 'CORE_TYPE' }],
    ['string_multiple', 'COUNTRIES', { kind: 'list', listName: 'COUNTRIES' }],
    ['dateTime', undefined, { kind: 'date' }],
    ['time', undefined, { kind: 'date' }],
    ['many_to_many', undefined, undefined],
    ['constructor', undefined, undefined],
  ])('%s (list %s)', (type, selectListName, expected) => {
    expect(filterColumnInfo({ type, selectListName })).toEqual(expected);
  });
});
