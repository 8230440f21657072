import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterColumnInfo, parseFilterQuery } from '../filters';
import { allowedInputTypes, COLUMN_TYPES, isStoredColumnType, type ColumnType } from '../templates/column-types';
import { FAKE_FIELD_TYPE, registerFakeFieldType } from './fixtures';
import {
  acceptsFormValidator,
  FIELD_TYPES,
  fieldTypeOf,
  isNumericColumnType,
  registerFieldTypeForTest,
} from './registry';

describe('field-type registry', () => {
  it('has exactly one entry per column type', () => {
    expect(Object.keys(FIELD_TYPES).sort()).toEqual([...COLUMN_TYPES].sort());
    expect(fieldTypeOf('toString')).toBeUndefined();
    expect(fieldTypeOf('')).toBeUndefined();
  });

  // The SQL types the schema sync has always created: a changed entry would alter live tables.
  it.each([
    ['integer', 'integer', 'integer'],
    ['double', 'real', 'double precision'],
    ['boolean', 'integer', 'smallint'],
    ['string', 'varchar(255)', 'varchar(255)'],
    ['text', 'text', 'text'],
    ['string_multiple', 'text', 'text'],
    ['date', 'text', 'text'],
    ['dateTime', 'text', 'text'],
    ['time', 'text', 'text'],
  ] as const)('%s is %s on SQLite and %s on PostgreSQL', (type, sqlite, postgres) => {
    expect(FIELD_TYPES[type].sqlType({}, 'sqlite')).toBe(sqlite);
    expect(FIELD_TYPES[type].sqlType({}, 'postgres')).toBe(postgres);
  });

  it('sizes strings from the template, 255 when absent or not positive', () => {
    expect(FIELD_TYPES.string.sqlType({ size: 20 }, 'postgres')).toBe('varchar(20)');
    expect(FIELD_TYPES.string.sqlType({ size: 0 }, 'sqlite')).toBe('varchar(255)');
  });

  it.each([
    ['integer', '12', 12],
    ['double', '', null],
    ['boolean', 'Yes', 1],
    ['boolean', false, 0],
    ['string_multiple', ['a', 2], 'a;2'],
    ['date', '2024-05-01', '2024-05-01'],
    ['string', { a: 1 }, '{"a":1}'],
  ] as const)('stores %s input %j as %j', (type, input, stored) => {
    expect(FIELD_TYPES[type].codec.toDb(input)).toEqual(stored);
  });

  it('answers stored lists as arrays and stored numbers as numbers', () => {
    expect(FIELD_TYPES.string_multiple.codec.fromDb('a;b')).toEqual(['a', 'b']);
    expect(FIELD_TYPES.string_multiple.codec.fromDb('')).toEqual([]);
    expect(FIELD_TYPES.double.codec.fromDb('2.5')).toBe(2.5);
    expect(FIELD_TYPES.text.codec.fromDb('2.5')).toBe('2.5');
  });

  it('validates numbers and string sizes, and nothing else, by type', () => {
    expect(FIELD_TYPES.integer.validate('x1', {})).toEqual({ rule: 'number' });
    expect(FIELD_TYPES.double.validate(' 1.5 ', {})).toBeUndefined();
    expect(FIELD_TYPES.string.validate('abcd', { size: 3 })).toEqual({ rule: 'stringMax', max: 3 });
    expect(FIELD_TYPES.text.validate('x'.repeat(10_000), { size: 3 })).toBeUndefined();
  });

  it('lets numbers carry number validators and strings string validators (spec 3 §5)', () => {
    const accepting = (kind: 'number' | 'string') => COLUMN_TYPES.filter((type) => acceptsFormValidator(type, kind));
    expect(accepting('number')).toEqual(['integer', 'double']);
    expect(accepting('string')).toEqual(['string', 'string_multiple']);
  });

  it('refuses to register a type twice or over a built-in one', () => {
    expect(() => registerFieldTypeForTest('integer', FIELD_TYPES.integer)).toThrow('exists already');
  });
});

describe('a fake column type registered in one place', () => {
  let unregister: () => void;
  beforeAll(() => {
    unregister = registerFakeFieldType();
  });
  afterAll(() => {
    unregister();
  });

  it('filters as a number column', () => {
    expect(filterColumnInfo({ type: FAKE_FIELD_TYPE })).toEqual({ kind: 'number' });
    expect(parseFilterQuery({ score: '>=50' }, () => filterColumnInfo({ type: FAKE_FIELD_TYPE }))).toEqual([
      { column: 'score', kind: 'number', op: 'gte', value: 50 },
    ]);
  });

  it('offers its input types, is stored and numeric', () => {
    const type = FAKE_FIELD_TYPE as ColumnType;
    expect(allowedInputTypes(type)).toEqual(['text']);
    expect(isStoredColumnType(type)).toBe(true);
    expect(isNumericColumnType(type)).toBe(true);
    expect(acceptsFormValidator(type, 'number')).toBe(true);
  });

  it('is gone again once unregistered', () => {
    unregister();
    expect(fieldTypeOf(FAKE_FIELD_TYPE)).toBeUndefined();
    expect(filterColumnInfo({ type: FAKE_FIELD_TYPE })).toBeUndefined();
    unregister = registerFakeFieldType();
  });
});
