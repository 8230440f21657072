import { describe, expect, it } from 'vitest';
import { isAuthUser } from './auth-user-guard';
import { authUserSchema } from './auth.schemas';

const USER = {
  id: 7,
  username: 'curator',
  email: 'c@example.org',
  token: 't0k3n',
  roles: ['operator'],
  permissions: ['sample-form:edit'],
  profile: { name: 'Curator', email: 'c@example.org' },
};

const CASES: [string, unknown][] = [
  ['a login answer', USER],
  ['with more fields than the answer has', { ...USER, extra: 1 }],
  ['no token', { ...USER, token: undefined }],
  ['an id that is text', { ...USER, id: '7' }],
  ['an id with a fraction', { ...USER, id: 7.5 }],
  ['roles that are not text', { ...USER, roles: [1] }],
  ['permissions missing', { ...USER, permissions: undefined }],
  ['no profile', { ...USER, profile: null }],
  ['a profile without a name', { ...USER, profile: { email: 'x' } }],
  ['null', null],
  ['a string', 'curator'],
  ['an array', [USER]],
];

describe('isAuthUser', () => {
  it.each(CASES)('agrees with authUserSchema: %s', (_name, value) => {
    expect(isAuthUser(value)).toBe(authUserSchema.safeParse(value).success);
  });

  it('accepts a login answer and refuses one without its token', () => {
    expect(isAuthUser(USER)).toBe(true);
    expect(isAuthUser({ ...USER, token: undefined })).toBe(false);
  });
});
