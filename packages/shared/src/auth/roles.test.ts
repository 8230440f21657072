import { describe, expect, it } from 'vitest';
import { expandRoles, hasRole, isReadOnly, isRole } from './roles';

describe('hasRole', () => {
  it.each([
    [['administrator'], 'viewer', true],
    [['administrator'], 'developer', true],
    [['developer'], 'administrator', false],
    [['developer'], 'operator', true],
    [['operator'], 'developer', false],
    [['operator'], 'viewer', true],
    [['viewer'], 'operator', false],
    [[], 'viewer', false],
    [['readOnly'], 'viewer', false],
    [['readOnly'], 'readOnly', true],
    [['viewer', 'operator'], 'operator', true],
    [['unknown-role'], 'viewer', false],
  ] as const)('%j has %s: %s', (roles, required, expected) => {
    expect(hasRole(roles, required)).toBe(expected);
  });
});

describe('expandRoles', () => {
  it('lists the inherited roles, highest first', () => {
    expect(expandRoles(['developer'])).toEqual(['developer', 'operator', 'viewer']);
  });
  it('keeps readOnly beside the hierarchy', () => {
    expect(expandRoles(['readOnly'])).toEqual(['readOnly']);
    expect(expandRoles(['viewer', 'readOnly'])).toEqual(['viewer', 'readOnly']);
  });
  it('yields nothing for no or unknown roles', () => {
    expect(expandRoles(['sa-typo'])).toEqual([]);
  });
});

describe('isReadOnly / isRole', () => {
  it('an administrator is never read-only', () => {
    expect(isReadOnly(['readOnly'])).toBe(true);
    expect(isReadOnly(['readOnly', 'administrator'])).toBe(false);
  });
  it('knows the five roles only', () => {
    expect(['administrator', 'developer', 'operator', 'viewer', 'readOnly'].every(isRole)).toBe(true);
    expect(isRole('sa')).toBe(false);
  });
});
