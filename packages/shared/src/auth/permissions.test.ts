import { describe, expect, it } from 'vitest';
import { canUseForm, effectivePermissions, formPermission, isPermission } from './permissions';

describe('isPermission', () => {
  it.each([
    ['form-core:view', true],
    ['form-sample-request:edit', true],
    ['form-*:edit', true],
    ['form-core:delete', false],
    ['form-Core:view', false],
    ['core:view', false],
    ['form-:view', false],
    ['form-core-:view', false],
  ])('%s → %s', (value, expected) => {
    expect(isPermission(value)).toBe(expected);
  });
  it('builds form permissions', () => {
    expect(formPermission('sample-request', 'edit')).toBe('form-sample-request:edit');
  });
});

describe('canUseForm', () => {
  const cases: [string, string[], string[], 'view' | 'edit', boolean][] = [
    ['administrator does everything', ['administrator'], [], 'edit', true],
    ['developer does everything', ['developer'], [], 'edit', true],
    ['operator edits every form', ['operator'], [], 'edit', true],
    ['viewer views every form', ['viewer'], [], 'view', true],
    ['viewer does not edit', ['viewer'], [], 'edit', false],
    ['no role, no permission: nothing', [], [], 'view', false],
    ['edit permission includes view', [], ['form-core:edit'], 'view', true],
    ['view permission does not include edit', [], ['form-core:view'], 'edit', false],
    ['a permission names one form only', [], ['form-core:edit'], 'edit', false],
    ['wildcard view', [], ['form-*:view'], 'view', true],
    ['readOnly never edits, even with permission', ['readOnly'], ['form-core:edit'], 'edit', false],
    ['readOnly views', ['readOnly'], [], 'view', true],
  ];
  it.each(cases)('%s', (_label, roles, permissions, action, expected) => {
    const form = _label.includes('one form only') ? 'section' : 'core';
    expect(canUseForm({ roles, permissions }, form, action)).toBe(expected);
  });
});

describe('effectivePermissions', () => {
  it('adds what the roles grant, sorted and deduplicated', () => {
    expect(effectivePermissions({ roles: ['operator'], permissions: ['form-core:view', 'form-*:view'] })).toEqual([
      'form-*:edit',
      'form-*:view',
      'form-core:view',
    ]);
  });
  it('drops edit permissions of a read-only user', () => {
    expect(effectivePermissions({ roles: ['readOnly'], permissions: ['form-core:edit'] })).toEqual(['form-*:view']);
  });
});
