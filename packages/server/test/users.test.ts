import { AUTH_MESSAGES, type ErrorBody, type FieldError, type ListMeta, type User, USER_MESSAGES } from '@mdis/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { buildUser, login, signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const USERS = '/api/v1/users';

describe.each(DIALECTS)('users (%s)', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await signedInUser(t.app, t.db, { username: 'root', roles: ['administrator'] });
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

  const newUser = {
    username: 'newbie',
    email: 'Newbie@Example.org',
    name: 'New Bie',
    password: 'newbie-password',
    roles: ['operator'],
    permissions: ['form-core:edit'],
  };

  describe('access', () => {
    it('answers 401 without a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: USERS })).statusCode).toBe(401);
    });

    it.each(['developer', 'operator', 'viewer', 'readOnly'] as const)(
      'should not let a %s manage users (403)',
      async (role) => {
        const other = await signedInUser(t.app, t.db, { roles: [role] });
        for (const [method, url] of [
          ['GET', USERS],
          ['POST', USERS],
          ['GET', `${USERS}/${admin.user.id}`],
          ['DELETE', `${USERS}/${admin.user.id}`],
        ] as const) {
          const response = await t.app.inject({
            method,
            url,
            headers: other.headers,
            ...(method === 'POST' ? { payload: newUser } : {}),
          });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ name: 'Forbidden', code: 'FORBIDDEN', status: 403 });
        }
      },
    );
  });

  describe('CRUD', () => {
    it('grants limited access (records:{prefix}:view|edit) and refuses unknown permission strings', async () => {
      const limited = await call('POST', USERS, { ...newUser, roles: [], permissions: ['records:5065_1:edit'] });
      expect(limited.statusCode).toBe(201);
      expect(limited.json<User>().permissions).toEqual(['records:5065_1:edit']);
      const bad = await call('POST', USERS, { ...newUser, username: 'other', permissions: ['records:5065:delete'] });
      expect(bad.statusCode).toBe(422);
      expect(bad.json<FieldError[]>()[0]?.field).toMatch(/^permissions/);
    });

    it('creates, reads, lists, updates and deletes a user without ever showing a password', async () => {
      const created = await call('POST', USERS, newUser);
      expect(created.statusCode).toBe(201);
      const user = created.json<User>();
      expect(user).toMatchObject({
        username: 'newbie',
        email: 'newbie@example.org',
        name: 'New Bie',
        roles: ['operator'],
        permissions: ['form-core:edit'],
        active: true,
        confirmed: true,
        last_login_at: null,
      });
      expect(created.body).not.toMatch(/password/);

      expect((await call('GET', `${USERS}/${user.id}`)).json()).toEqual(user);

      const list = await call('GET', `${USERS}?sort=-id&per-page=1`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({
        items: [user],
        _meta: { totalCount: 2, pageCount: 2, currentPage: 1, perPage: 1 },
      });
      expect(list.body).not.toMatch(/password/);

      const updated = await call('PUT', `${USERS}/${user.id}`, { name: 'Renamed', roles: ['viewer'] });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        name: 'Renamed',
        roles: ['viewer'],
        email: 'newbie@example.org',
        active: true,
      });

      expect((await call('DELETE', `${USERS}/${user.id}`)).statusCode).toBe(204);
      const gone = await call('GET', `${USERS}/${user.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({
        name: 'Not Found',
        message: USER_MESSAGES.notFound,
        code: 'NOT_FOUND',
        status: 404,
      });
    });

    it('lists every user with per-page=-1 and sorts by username', async () => {
      await buildUser(t.db, { username: 'zed' });
      await buildUser(t.db, { username: 'amy' });
      const response = await call('GET', `${USERS}?per-page=-1&sort=username`);
      expect(response.json<{ items: User[] }>().items.map((u) => u.username)).toEqual(['amy', 'root', 'zed']);
      expect(response.json<{ _meta: ListMeta }>()._meta).toEqual({
        totalCount: 3,
        pageCount: 1,
        currentPage: 1,
        perPage: 3,
      });
    });

    it('refuses an unknown sort column with a 400 naming it', async () => {
      const response = await call('GET', `${USERS}?sort=password_hash`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toBe(
        "Invalid query parameter 'sort': unknown column 'password_hash'.",
      );
    });

    it('refuses a duplicate username or e-mail with 422', async () => {
      await buildUser(t.db, { username: 'taken', email: 'taken@example.org' });
      const response = await call('POST', USERS, { ...newUser, username: 'taken', email: 'TAKEN@example.org' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([
        { field: 'username', message: USER_MESSAGES.usernameTaken },
        { field: 'email', message: USER_MESSAGES.emailTaken },
      ]);
      const other = await buildUser(t.db);
      const rename = await call('PUT', `${USERS}/${other.id}`, { username: 'taken' });
      expect(rename.statusCode).toBe(422);
      expect(rename.json<FieldError[]>()).toEqual([{ field: 'username', message: USER_MESSAGES.usernameTaken }]);
    });

    it('validates the body field by field', async () => {
      const response = await call('POST', USERS, { username: 'x', email: 'nope', password: 'short', roles: ['king'] });
      expect(response.statusCode).toBe(422);
      const fields = response.json<FieldError[]>().map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['username', 'email', 'password', 'roles.0']));
    });

    it('answers 400 for an id that is not a number', async () => {
      const response = await call('GET', `${USERS}/abc`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(/^Invalid params parameter 'id'/);
    });
  });

  describe('password and deactivation', () => {
    it("resets the password and revokes the user's tokens", async () => {
      const other = await signedInUser(t.app, t.db, { username: 'pat' });
      const response = await call('PUT', `${USERS}/${other.user.id}`, { password: 'brand-new-password' });
      expect(response.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: other.headers })).statusCode,
      ).toBe(401);
      await expect(login(t.app, 'pat', other.user.password)).rejects.toThrow(/422/);
      await expect(login(t.app, 'pat', 'brand-new-password')).resolves.toMatchObject({ username: 'pat' });
    });

    it('keeps the password when the update leaves it out or empty', async () => {
      const other = await buildUser(t.db, { username: 'kim' });
      await call('PUT', `${USERS}/${other.id}`, { name: 'Kim' });
      expect((await call('PUT', `${USERS}/${other.id}`, { name: 'Kim', password: '' })).statusCode).toBe(200);
      await expect(login(t.app, 'kim', other.password)).resolves.toMatchObject({ username: 'kim' });
    });

    it('an unconfirmed account (moved from mDIS v3) is told so at login and confirmed by activating it', async () => {
      const other = await buildUser(t.db, { username: 'unconfirmed', active: false });
      await t.db.updateTable('users').set({ confirmed: 0 }).where('id', '=', other.id).execute();
      expect((await call('GET', `${USERS}/${other.id}`)).json()).toMatchObject({ active: false, confirmed: false });
      const signIn = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: 'unconfirmed', password: other.password },
        });
      expect((await signIn()).json()).toEqual([{ field: 'password', message: AUTH_MESSAGES.unconfirmed }]);
      const activated = await call('PUT', `${USERS}/${other.id}`, { active: true });
      expect(activated.json()).toMatchObject({ active: true, confirmed: true });
      expect((await signIn()).statusCode).toBe(200);
      // Deactivated again, it is a deactivated account, no longer an unconfirmed one.
      await call('PUT', `${USERS}/${other.id}`, { active: false });
      expect((await signIn()).json()).toEqual([{ field: 'password', message: AUTH_MESSAGES.inactive }]);
    });

    it('deactivating a user ends its sessions', async () => {
      const other = await signedInUser(t.app, t.db);
      await call('PUT', `${USERS}/${other.user.id}`, { active: false });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: other.headers })).statusCode,
      ).toBe(401);
    });
  });

  describe('last administrator', () => {
    const lastAdmin = { name: 'Conflict', message: USER_MESSAGES.lastAdministrator, code: 'CONFLICT', status: 409 };

    it('should not demote or deactivate the last active administrator (409)', async () => {
      const demote = await call('PUT', `${USERS}/${admin.user.id}`, { roles: ['developer'] });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual(lastAdmin);
      const deactivate = await call('PUT', `${USERS}/${admin.user.id}`, { active: false });
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json()).toEqual(lastAdmin);
      // An inactive administrator does not count as the last one.
      await buildUser(t.db, { roles: ['administrator'], active: false });
      expect((await call('PUT', `${USERS}/${admin.user.id}`, { roles: ['viewer'] })).statusCode).toBe(409);
      expect((await call('GET', `${USERS}/${admin.user.id}`)).json<User>().roles).toEqual(['administrator']);
    });

    it('deletes an inactive administrator but never the last active one', async () => {
      const inactive = await buildUser(t.db, { roles: ['administrator'], active: false });
      expect((await call('DELETE', `${USERS}/${inactive.id}`)).statusCode).toBe(204);
      // The only way left to remove the last active administrator is to delete oneself.
      const self = await call('DELETE', `${USERS}/${admin.user.id}`);
      expect(self.statusCode).toBe(409);
    });

    it('allows demoting an administrator while another one is active', async () => {
      const other = await buildUser(t.db, { roles: ['administrator'] });
      const response = await call('PUT', `${USERS}/${other.id}`, { roles: ['viewer'] });
      expect(response.statusCode).toBe(200);
      expect((await call('DELETE', `${USERS}/${other.id}`)).statusCode).toBe(204);
    });

    it('should not let a user delete itself', async () => {
      const response = await call('DELETE', `${USERS}/${admin.user.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().message).toBe(USER_MESSAGES.deleteSelf);
    });
  });
});
