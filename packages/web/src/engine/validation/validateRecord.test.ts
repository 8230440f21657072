import { describe, expect, it } from 'vitest';
import { makeForm } from '../fields/test/renderPanel';
import { validateField, validateRecord } from './validateRecord';
import { makeField } from '../fields/test/renderPanel';

describe('client validation (spec 1 §5 messages)', () => {
  it("gives '{label} is required' for empty values; 0 and false are values", () => {
    const field = makeField({ name: 'core', label: 'Core', validators: [{ type: 'required' }] });
    expect(validateField(field, undefined)).toBe('Core is required');
    expect(validateField(field, null)).toBe('Core is required');
    expect(validateField(field, '')).toBe('Core is required');
    expect(validateField(field, [])).toBe('Core is required');
    expect(validateField(field, 0)).toBeUndefined();
    expect(validateField(field, false)).toBeUndefined();
  });

  it("gives '{label} must be less than {max} characters'", () => {
    const field = makeField({ name: 'site', label: 'Site', validators: [{ type: 'string', min: null, max: 3 }] });
    expect(validateField(field, 'abc')).toBeUndefined();
    expect(validateField(field, 'abcd')).toBe('Site must be less than 3 characters');
    expect(validateField(field, ['ab', 'cd'])).toBe('Site must be less than 3 characters');
  });

  it('checks numbers and their bounds', () => {
    const field = makeField({ name: 'lat', label: 'Latitude', validators: [{ type: 'number', min: -90, max: 90 }] });
    expect(validateField(field, 'north')).toBe('Latitude must be a number');
    expect(validateField(field, -91)).toBe('Latitude must be >= -90');
    expect(validateField(field, '90.5')).toBe('Latitude must be <= 90');
    expect(validateField(field, '45')).toBeUndefined();
    expect(validateField(field, null)).toBeUndefined();
  });

  it('accepts unique without checking it, and calls any other validator type an error', () => {
    expect(validateField(makeField({ name: 'a', validators: [{ type: 'unique' }] }), 'x')).toBeUndefined();
    expect(validateField(makeField({ name: 'a', label: 'A', validators: [{ type: 'email' }] }), 'x')).toBe(
      'A: unknown validator type "email"',
    );
  });

  it("says 'Invalid Date' for dates, times and datetimes that do not parse", () => {
    expect(validateField(makeField({ name: 'd', formInput: { type: 'date' } }), '2024-02-30')).toBe('Invalid Date');
    expect(validateField(makeField({ name: 't', formInput: { type: 'time' } }), '25:00')).toBe('Invalid Date');
    expect(validateField(makeField({ name: 'dt', formInput: { type: 'datetime' } }), 'soon')).toBe('Invalid Date');
    expect(
      validateField(makeField({ name: 'dt', formInput: { type: 'datetime' } }), '2024-03-05 10:00:00'),
    ).toBeUndefined();
  });

  it('leaves required values the server fills (calculated, autoIncrement, disabled) to the server', () => {
    const required = [{ type: 'required' }];
    expect(
      validateField(makeField({ name: 'a', validators: required, formInput: { calculate: '[x]' } }), null),
    ).toBeUndefined();
    expect(
      validateField(makeField({ name: 'a', validators: required, formInput: { type: 'autoIncrement' } }), null),
    ).toBeUndefined();
    expect(
      validateField(makeField({ name: 'a', validators: required, formInput: { disabled: true } }), null),
    ).toBeUndefined();
  });

  it('lists every failing field of a record with its name, and [] when valid', () => {
    const form = makeForm([
      { name: 'core', label: 'Core', validators: [{ type: 'required' }] },
      { name: 'depth', label: 'Depth', validators: [{ type: 'number', min: 0 }] },
      { name: 'comment', label: 'Comment' },
    ]);
    expect(validateRecord(form, { depth: -1 })).toEqual([
      { field: 'core', message: 'Core is required' },
      { field: 'depth', message: 'Depth must be >= 0' },
    ]);
    expect(validateRecord(form, { core: 1, depth: 0 })).toEqual([]);
  });
});
