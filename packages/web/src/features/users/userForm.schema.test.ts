import { describe, expect, it } from 'vitest';
import { formFieldOf, minimalRoles, splitPermissions } from './userForm.schema';

describe('user form helpers', () => {
  it.each([
    [['viewer', 'operator'], ['operator']],
    [['administrator', 'developer', 'viewer'], ['administrator']],
    [
      ['viewer', 'readOnly'],
      ['viewer', 'readOnly'],
    ],
    [['readOnly'], ['readOnly']],
    [[], []],
  ])('keeps the highest hierarchical role of %j', (roles, expected) => {
    expect(minimalRoles(roles)).toEqual(expected);
  });

  it('splits permissions on lines, commas and spaces', () => {
    expect(splitPermissions('form-core:edit\nform-hole:view, form-*:view ')).toEqual([
      'form-core:edit',
      'form-hole:view',
      'form-*:view',
    ]);
  });

  it.each([
    ['username', 'username'],
    ['permissions', 'permissionsText'],
    ['permissions.1', 'permissionsText'],
    ['roles.0', 'roles'],
    ['somethingElse', undefined],
  ])('maps the API field %s to the dialog field %s', (field, expected) => {
    expect(formFieldOf({ field, message: 'x' })).toBe(expected);
  });
});
