import { AUTH_MESSAGES, type AuthUser, SESSION_COOKIE } from '@mdis/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { buildUser, signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const LOGIN = '/api/v1/auth/login';

describe.each(DIALECTS)('auth (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { loginRateLimit: { perUsername: 3, perIp: 5, windowMs: 60_000 } });
  });
  afterEach(() => t.close());

  const post = (payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: LOGIN, payload, remoteAddress });

  describe('login', () => {
    it('answers the user object and sets the session cookie', async () => {
      const user = await buildUser(t.db, { username: 'ann', name: 'Ann Smith', roles: ['operator'] });
      const response = await post({ username: 'ann', password: user.password });
      expect(response.statusCode).toBe(200);
      const body = response.json<AuthUser>();
      expect(body.token).toMatch(/^[\w-]{43}$/);
      expect(body).toEqual({
        id: user.id,
        username: 'ann',
        email: 'ann@example.org',
        token: body.token,
        roles: ['operator'],
        permissions: ['form-*:edit', 'form-*:view'],
        profile: { name: 'Ann Smith', email: 'ann@example.org' },
      });
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Strict', path: '/' });
    });

    it('accepts the e-mail address instead of the username', async () => {
      const user = await buildUser(t.db, { username: 'bob', email: 'bob@example.org' });
      const response = await post({ username: 'Bob@Example.org', password: user.password });
      expect(response.statusCode).toBe(200);
      expect(response.json<AuthUser>().username).toBe('bob');
    });

    it('should not sign in with a wrong password: 422 on the password field', async () => {
      await buildUser(t.db, { username: 'carl' });
      const response = await post({ username: 'carl', password: 'wrong-password' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([{ field: 'password', message: 'Incorrect username or password.' }]);
    });

    it('answers an unknown user exactly like a wrong password', async () => {
      const response = await post({ username: 'nobody', password: 'whatever-password' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([{ field: 'password', message: AUTH_MESSAGES.wrongCredentials }]);
    });

    it('should not sign in an inactive user', async () => {
      const user = await buildUser(t.db, { username: 'dora', active: false });
      const response = await post({ username: 'dora', password: user.password });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([{ field: 'password', message: AUTH_MESSAGES.inactive }]);
    });

    it('lists blank fields as 422 field messages', async () => {
      const response = await post({ username: '', password: '' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([
        { field: 'username', message: 'Username cannot be blank.' },
        { field: 'password', message: 'Password cannot be blank.' },
      ]);
    });
  });

  describe('rate limit', () => {
    it('answers 429 after too many failures for one username, and does not count successes', async () => {
      const user = await buildUser(t.db, { username: 'eve' });
      for (let i = 0; i < 2; i += 1)
        expect((await post({ username: 'eve', password: 'wrong-pass' })).statusCode).toBe(422);
      expect((await post({ username: 'eve', password: user.password })).statusCode).toBe(200);
      for (let i = 0; i < 3; i += 1)
        expect((await post({ username: 'eve', password: 'wrong-pass' })).statusCode).toBe(422);
      const limited = await post({ username: 'eve', password: user.password });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        name: 'Too Many Requests',
        message: AUTH_MESSAGES.rateLimited,
        code: 'RATE_LIMITED',
        status: 429,
      });
      // Another address is not affected.
      expect((await post({ username: 'eve', password: user.password }, '10.0.0.2')).statusCode).toBe(200);
    });

    it('answers 429 after too many failures from one address, whatever the username', async () => {
      for (let i = 0; i < 5; i += 1) await post({ username: `guess${i}`, password: 'wrong-pass' }, '10.0.0.9');
      expect((await post({ username: 'other', password: 'wrong-pass' }, '10.0.0.9')).statusCode).toBe(429);
    });

    it('still signs in another account with its right password from an address over its limit', async () => {
      // A shared uplink (a drilling platform's): others' failures must not lock everybody out.
      const user = await buildUser(t.db, { username: 'frank' });
      for (let i = 0; i < 6; i += 1) await post({ username: `guess${i}`, password: 'wrong-pass' }, '10.0.0.7');
      expect((await post({ username: 'frank', password: 'wrong-pass' }, '10.0.0.7')).statusCode).toBe(429);
      expect((await post({ username: 'frank', password: user.password }, '10.0.0.7')).statusCode).toBe(200);
    });

    it('counts an account once, whether its username or its e-mail address is typed', async () => {
      const user = await buildUser(t.db, { username: 'gina', email: 'gina@example.org' });
      const names = ['gina', 'gina@example.org', 'GINA@example.org'];
      for (const username of names) expect((await post({ username, password: 'wrong-pass' })).statusCode).toBe(422);
      for (const username of names) expect((await post({ username, password: user.password })).statusCode).toBe(429);
    });

    it('checks at most the limit of passwords of one account when wrong logins arrive all at once', async () => {
      await buildUser(t.db, { username: 'hugo' });
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => post({ username: 'hugo', password: 'wrong-pass' })),
      );
      const statuses = answers.map((a) => a.statusCode);
      // perUsername is 3: three answers from a password check, every other one refused before it.
      expect(statuses.filter((status) => status === 422)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(37);
    });
  });

  describe('refresh', () => {
    it('answers the user object for the bearer token', async () => {
      const { user, token, headers } = await signedInUser(t.app, t.db, { roles: ['developer'] });
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, token, roles: ['developer'] });
    });

    it('answers 401 without a token, and with an unknown one', async () => {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          name: 'Unauthorized',
          message: AUTH_MESSAGES.missingToken,
          code: 'UNAUTHORIZED',
          status: 401,
        });
      }
    });

    it('should not hand out the token to a caller holding only the cookie', async () => {
      const { token } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/refresh',
        cookies: { [SESSION_COOKIE]: token },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('logout', () => {
    it('revokes the token and clears the cookie', async () => {
      const { headers } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
      const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers });
      expect(after.statusCode).toBe(401);
    });
  });

  describe('session cookie', () => {
    it('is accepted on GET but not on POST', async () => {
      const { token } = await signedInUser(t.app, t.db);
      const cookies = { [SESSION_COOKIE]: token };
      const get = await t.app.inject({ method: 'GET', url: '/api/v1/app/user-config', cookies });
      expect(get.statusCode).toBe(200);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/v1/app/user-config',
        cookies,
        payload: { 'favorite-forms': [] },
      });
      expect(post.statusCode).toBe(401);
    });
  });

  describe('default user', () => {
    const loginDefault = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/login-default-user' });
    const configure = (username: string) =>
      t.db
        .insertInto('app_config')
        .values({ key: 'useDefaultUser', value: JSON.stringify(username) })
        .execute();

    it('answers 422 when none is configured', async () => {
      const response = await loginDefault();
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([{ field: 'username', message: 'No default user is configured.' }]);
    });

    it('signs in the configured read-only user', async () => {
      await buildUser(t.db, { username: 'guest', roles: ['readOnly'] });
      await configure('guest');
      const response = await loginDefault();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ username: 'guest', roles: ['readOnly'], permissions: ['form-*:view'] });
    });

    it('should not sign in a configured user that is more than read-only', async () => {
      await buildUser(t.db, { username: 'boss', roles: ['readOnly', 'administrator'] });
      await configure('boss');
      expect((await loginDefault()).statusCode).toBe(422);
    });
  });
});
