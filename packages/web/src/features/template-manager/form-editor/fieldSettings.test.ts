import { describe, expect, it } from 'vitest';
import type { ColumnTemplate, FormField } from '@mdis/shared';
import {
  inputTypeError,
  inputTypesFor,
  normalizedField,
  parseBound,
  selectSourceOf,
  setBound,
  toggleValidator,
  validatorOptions,
  withInput,
} from './fieldSettings';

const column = (type: string, extra: Partial<ColumnTemplate> = {}) => ({ name: 'c', type, ...extra }) as ColumnTemplate;
const field = (extra: Partial<FormField> = {}): FormField => ({
  name: 'c',
  validators: [],
  formInput: { type: 'text' },
  ...extra,
});

describe('input types by column type (spec 3 §5)', () => {
  it.each([
    ['integer', ['text', 'select', 'switch']],
    ['double', ['text', 'select']],
    ['boolean', ['switch']],
    ['string', ['text', 'select', 'textarea']],
    ['text', ['textarea']],
    ['string_multiple', ['select']],
    ['dateTime', ['datetime']],
    ['date', ['date']],
    ['time', ['time']],
    ['pseudo', ['text', 'textarea', 'select']],
    ['many_to_many', ['select']],
    ['one_to_many', ['select']],
  ])('%s allows %j', (type, types) => {
    expect(inputTypesFor(column(type)).types).toEqual(types);
  });

  it('refuses an unknown column type and an input type the column does not allow', () => {
    expect(inputTypesFor(column('blob')).error).toBe('Unknown column type: blob');
    expect(inputTypeError(field({ formInput: { type: 'switch' } }), column('text'))).toBe(
      'Input type switch is not allowed for a column of type text.',
    );
    expect(inputTypeError(field({ formInput: { type: 'textarea' } }), column('text'))).toBeNull();
  });
});

describe('validators', () => {
  const kinds = (f: FormField, c: ColumnTemplate) =>
    validatorOptions(f, c)
      .filter((o) => o.applies)
      .map((o) => [o.kind, o.checked, o.locked]);

  it('forces required on for a database-required column and keeps it off for pseudo columns', () => {
    expect(kinds(field(), column('string', { required: true }))).toEqual([
      ['required', true, true],
      ['string', false, false],
    ]);
    expect(toggleValidator(field(), column('string', { required: true }), 'required', false).validators).toEqual([]);
    const pseudo = field({ validators: [{ type: 'required' }] });
    expect(kinds(pseudo, column('pseudo'))).toEqual([['required', false, true]]);
    expect(normalizedField(pseudo, column('pseudo'), []).validators).toEqual([]);
    expect(normalizedField(field(), column('date', { required: true }), []).validators).toEqual([{ type: 'required' }]);
  });

  it('offers number for integer and double, string for string and string_multiple', () => {
    expect(kinds(field(), column('double'))).toEqual([
      ['required', false, false],
      ['number', false, false],
    ]);
    expect(kinds(field(), column('string_multiple')).map((k) => k[0])).toEqual(['required', 'string']);
    expect(kinds(field(), column('date')).map((k) => k[0])).toEqual(['required']);
    expect(toggleValidator(field(), column('integer'), 'number', true).validators).toEqual([{ type: 'number' }]);
    expect(toggleValidator(field(), column('text'), 'number', true).validators).toEqual([]);
  });

  it('takes numeric min and max only', () => {
    expect(parseBound('min', ' -90 ')).toEqual({ value: -90 });
    expect(parseBound('max', '')).toEqual({ value: null });
    expect(parseBound('max', 'ten')).toEqual({ value: null, error: 'max must be a number.' });
    const bounded = setBound(field({ validators: [{ type: 'number' }] }), 'number', 'max', 90);
    expect(bounded.validators).toEqual([{ type: 'number', max: 90 }]);
  });
});

describe('inputs', () => {
  it('forces disabled on when calculate is not empty', () => {
    expect(withInput(field(), { calculate: '[a] + 1' }).formInput).toMatchObject({ disabled: true });
    expect(withInput(field(), { calculate: '  ', disabled: false }).formInput.disabled).toBe(false);
  });

  it('defaults a list source to remark/display and upper-cases an unknown list name on save', () => {
    expect(selectSourceOf('list')).toEqual({ type: 'list', listName: '', textField: 'remark', valueField: 'display' });
    const select = field({ formInput: { type: 'select', selectSource: { type: 'list', listName: 'colour' } } });
    expect(normalizedField(select, column('string'), ['colour']).formInput.selectSource).toEqual({
      type: 'list',
      listName: 'colour',
      textField: 'remark',
      valueField: 'display',
    });
    expect(normalizedField(select, column('string'), ['CORE_TYPE']).formInput.selectSource?.listName).toBe('COLOUR');
    // The list names could not be read: the server decides.
    expect(normalizedField(select, column('string'), null).formInput.selectSource?.listName).toBe('colour');
    const text = field({ formInput: { type: 'text', selectSource: { type: 'list', listName: 'x' } } });
    expect(normalizedField(text, column('string'), []).formInput.selectSource).toBeUndefined();
  });
});
