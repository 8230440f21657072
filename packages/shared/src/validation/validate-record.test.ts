import { describe, expect, it } from 'vitest';
import { type FormField, parseFormTemplate, parseModelTemplate } from '../templates';
import { RECORD_VALIDATION_CASES, VALID_RECORD, VALIDATION_FORM, VALIDATION_MODEL } from './fixtures';
import { type FieldRule, validateField, validateRecord } from './validate-record';

const form = parseFormTemplate(VALIDATION_FORM);
const { columns } = parseModelTemplate(VALIDATION_MODEL);

describe('the shared record validation table (spec 1 §5 messages)', () => {
  it.each(RECORD_VALIDATION_CASES)('$name', ({ change, expected }) => {
    expect(validateRecord(form, { ...VALID_RECORD, ...change }, columns)).toEqual(expected);
  });
});

const rule = (field: Partial<FormField> & { name: string }, extra: Partial<FieldRule> = {}): FieldRule => {
  const full = { label: field.name, validators: [], ...field, formInput: { type: 'text', ...field.formInput } };
  return { name: field.name, label: full.label ?? field.name, field: full as FormField, ...extra };
};

describe('validateField', () => {
  it('treats undefined, null, empty text and [] as empty; 0 and false are values', () => {
    const core = rule({ name: 'core', label: 'Core', validators: [{ type: 'required' }] });
    for (const empty of [undefined, null, '', []]) expect(validateField(core, empty)).toBe('Core is required');
    expect(validateField(core, 0)).toBeUndefined();
    expect(validateField(core, false)).toBeUndefined();
  });

  it('counts a multi-value as its ;-joined text', () => {
    const site = rule({ name: 'site', label: 'Site', validators: [{ type: 'string', min: null, max: 3 }] });
    expect(validateField(site, ['ab', 'cd'])).toBe('Site must be less than 3 characters');
  });

  it('accepts unique without checking it', () => {
    expect(validateField(rule({ name: 'a', validators: [{ type: 'unique' }] }), 'x')).toBeUndefined();
  });

  it('leaves a required value the server fills to the server, unless it validates as the server', () => {
    const required = [{ type: 'required' }];
    const filled = [
      rule({ name: 'a', validators: required, formInput: { type: 'text', calculate: '[x]' } }),
      rule({ name: 'a', validators: required, formInput: { type: 'autoIncrement' as 'text' } }),
      rule({ name: 'a', validators: required, formInput: { type: 'text', disabled: true } }),
    ];
    for (const r of filled) {
      expect(validateField(r, null)).toBeUndefined();
      expect(validateField(r, null, { serverFilled: 'check' })).toBe('a is required');
    }
  });

  it('makes a rule required whatever the templates say (the parent id column)', () => {
    expect(validateField(rule({ name: 'hole_id', label: 'Hole' }, { required: true }), '')).toBe('Hole is required');
  });

  it('ignores a malformed column validator (the template manager refuses it)', () => {
    const column = { name: 'depth', type: 'double' as const, validator: '~~' };
    expect(validateField({ name: 'depth', label: 'Depth', column }, -1)).toBeUndefined();
  });
});
