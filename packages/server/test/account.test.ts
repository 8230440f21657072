import type { AuthUser } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { buildUser, login, signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

type Headers = Record<string, string>;

describe.each(DIALECTS)('account API (%s)', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signedInUser(t.app, t.db, { username: 'owner', roles: ['operator'], password: 'old-password' });
    await buildUser(t.db, { username: 'neighbour', email: 'neighbour@example.org' });
  });
  afterAll(() => t.close());

  const put = (payload: object, headers: Headers = owner.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/account', headers, payload });
  const changePassword = (payload: object, headers: Headers = owner.headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/account/change-password', headers, payload });

  it('saves name and e-mail and answers the user object with the same token', async () => {
    const response = await put({ name: ' Jane Driller ', email: 'Jane@Example.org' });
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<AuthUser>();
    expect(user).toMatchObject({
      username: 'owner',
      email: 'jane@example.org',
      token: owner.token,
      roles: ['operator'],
      profile: { name: 'Jane Driller', email: 'jane@example.org' },
    });
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: owner.headers });
    expect(refreshed.json<AuthUser>().profile).toEqual({ name: 'Jane Driller', email: 'jane@example.org' });
  });

  it('refuses a taken or invalid e-mail under the field and changes nothing', async () => {
    expect((await put({ name: 'x', email: 'NEIGHBOUR@example.org' })).json()).toEqual([
      { field: 'email', message: 'This email address has already been taken.' },
    ]);
    const invalid = await put({ name: 'x', email: 'not-an-email' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual([{ field: 'email', message: 'Email is not a valid email address.' }]);
    expect((await put({ email: 'a@b.org' })).statusCode).toBe(422);
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: owner.headers });
    expect(refreshed.json<AuthUser>().profile).toEqual({ name: 'Jane Driller', email: 'jane@example.org' });
  });

  it('changes the password only with the right old one and a matching, long enough new one', async () => {
    const wrongOld = await changePassword({
      oldPassword: 'guess',
      newPassword: 'new-password',
      newPasswordConfirmation: 'new-password',
    });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json()).toEqual([{ field: 'oldPassword', message: 'The old password is incorrect.' }]);
    const weak = await changePassword({
      oldPassword: 'old-password',
      newPassword: 'short',
      newPasswordConfirmation: 'short',
    });
    expect(weak.json()).toEqual([{ field: 'newPassword', message: 'Password should contain at least 8 characters.' }]);
    const mismatch = await changePassword({
      oldPassword: 'old-password',
      newPassword: 'new-password',
      newPasswordConfirmation: 'new-passw0rd',
    });
    expect(mismatch.json()).toEqual([
      { field: 'newPasswordConfirmation', message: 'The new password and its confirmation do not match.' },
    ]);
    await login(t.app, 'owner', 'old-password');

    const done = await changePassword({
      oldPassword: 'old-password',
      newPassword: 'new-password',
      newPasswordConfirmation: 'new-password',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: 'Password updated successfully' });
    await expect(login(t.app, 'owner', 'old-password')).rejects.toThrow(/422/);
    expect((await login(t.app, 'owner', 'new-password')).username).toBe('owner');
  });

  it('needs a login', async () => {
    expect((await put({ name: 'x', email: 'x@example.org' }, {})).statusCode).toBe(401);
    expect((await changePassword({}, {})).statusCode).toBe(401);
  });

  it('lets a read-only user keep its own profile and password, not its roles', async () => {
    const readOnly = await signedInUser(t.app, t.db, { roles: ['readOnly'], password: 'read-only-1' });
    const saved = await put(
      { name: 'Reader', email: 'reader@example.org', roles: ['administrator'] },
      readOnly.headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AuthUser>()).toMatchObject({ roles: ['readOnly'], profile: { name: 'Reader' } });
    const body = { oldPassword: 'read-only-1', newPassword: 'read-only-2', newPasswordConfirmation: 'read-only-2' };
    expect((await changePassword(body, readOnly.headers)).statusCode).toBe(200);
    expect((await login(t.app, readOnly.user.username, 'read-only-2')).roles).toEqual(['readOnly']);
  });

  it('should not let anyone change the default user everyone signs in as: 403 before the body is read', async () => {
    const guest = await signedInUser(t.app, t.db, { username: 'guest', roles: ['readOnly'], password: 'guest-pass' });
    const developer = await signedInUser(t.app, t.db, { roles: ['developer'] });
    const config = await t.app.inject({
      method: 'POST',
      url: '/api/v1/app/config',
      headers: developer.headers,
      payload: { useDefaultUser: 'guest' },
    });
    expect(config.statusCode).toBe(200);
    expect((await put({ name: 'x', email: 'guest2@example.org' }, guest.headers)).statusCode).toBe(403);
    expect((await put({ email: 'not-an-email' }, guest.headers)).statusCode).toBe(403);
    const body = { oldPassword: 'guest-pass', newPassword: 'taken-over', newPasswordConfirmation: 'taken-over' };
    expect((await changePassword(body, guest.headers)).statusCode).toBe(403);
    expect((await changePassword({}, guest.headers)).statusCode).toBe(403);
    expect((await login(t.app, 'guest', 'guest-pass')).username).toBe('guest');
  });
});
