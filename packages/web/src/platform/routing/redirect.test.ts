import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPathFor } from './redirect';

describe('login redirects', () => {
  it('keeps the full path, query included', () => {
    expect(loginPathFor('/forms/core-form?filter=1')).toBe('/login?redirect=%2Fforms%2Fcore-form%3Ffilter%3D1');
  });

  it.each([
    [null, '/'],
    ['', '/'],
    ['/login', '/'],
    ['/login?redirect=%2Fsettings', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/settings/users', '/settings/users'],
    ['/forms/core-form?x=1', '/forms/core-form?x=1'],
  ])('after login, redirect %s goes to %s', (redirect, expected) => {
    expect(afterLoginPath(redirect)).toBe(expected);
  });
});
