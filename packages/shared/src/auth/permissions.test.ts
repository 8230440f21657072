import { describe, expect, it } from 'vitest';
import {
  canUseForm,
  effectivePermissions,
  formPermission,
  isPermission,
  limitedAccessPrefixes,
  mayOpenForm,
} from './permissions';

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

describe('limited access', () => {
  it.each([
    ['records:5065:view', true],
    ['records:5065_1_A:edit', true],
    ['records::view', false],
    ['records:5065:delete', false],
    ['records:_5065:view', false],
    ['records:50 65:view', false],
  ])('%s is a permission: %s', (value, expected) => {
    expect(isPermission(value)).toBe(expected);
  });
  it('grants its prefix for view; edit only from an edit permission', () => {
    const holder = { roles: [], permissions: ['records:5065:view', 'records:5065_1:edit', 'form-core:view'] };
    expect(limitedAccessPrefixes(holder, 'view')).toEqual(['5065', '5065_1']);
    expect(limitedAccessPrefixes(holder, 'edit')).toEqual(['5065_1']);
  });
  it('never grants edit to a read-only user', () => {
    expect(limitedAccessPrefixes({ roles: ['readOnly'], permissions: ['records:5065:edit'] }, 'edit')).toEqual([]);
  });
  it('opens every form, but does not grant it wholesale', () => {
    const holder = { roles: [], permissions: ['records:5065:view'] };
    expect(mayOpenForm(holder, 'core')).toBe(true);
    expect(canUseForm(holder, 'core', 'view')).toBe(false);
    expect(mayOpenForm({ roles: [], permissions: [] }, 'core')).toBe(false);
  });
});
