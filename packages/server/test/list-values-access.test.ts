import { AUTH_MESSAGES, LIST_VALUE_MESSAGES, type ListValue } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../src/infra/auth/access-control';
import { loadDrillingTemplates, seedDrillingModel } from '../src/seed/drilling-model';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { API, expect422, type Method, useListValuesApp } from './list-values-fixture';

describe.each(DIALECTS)('list values API: locks, roles, concurrency (%s)', (dialect) => {
  const { ctx, makeList, as, itemsOf, displays, listNames } = useListValuesApp(dialect);

  describe('concurrent writes', () => {
    it('keeps a display unique when the same item is posted many times at once', async () => {
      await makeList('RACE_LIST', []);
      const times = 25;
      const responses = await Promise.all(
        Array.from({ length: times }, () => as('operator', 'POST', API, { listname: 'RACE_LIST', display: 'SAME' })),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, ...Array.from({ length: times - 1 }, () => 422)]);
      expect(await displays('RACE_LIST')).toEqual(['SAME']);
    });

    it('creates one list when several items name the same new list at once', async () => {
      const responses = await Promise.all(
        ['A', 'B', 'C', 'D', 'E'].map((display) => as('operator', 'POST', API, { listname: 'RACE_NEW', display })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(responses.map((response) => response.json<ListValue>().list_id)).size).toBe(1);
      expect((await listNames()).filter((name) => name === 'RACE_NEW')).toHaveLength(1);
      // Equal sorts keep insertion order, which concurrency makes arbitrary: compare as a set.
      expect((await displays('RACE_NEW')).sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    });
  });

  describe('locks', () => {
    it('lets only an administrator change the items of a locked list', async () => {
      const list = await makeList('SPECIAL', [['SPH', 'Steve Hesselbo', 0]], true);
      const id = list.items[0];
      for (const who of ['operator', 'developer'] as const) {
        for (const [method, url, payload] of [
          ['POST', API, { listname: 'SPECIAL', display: 'NEW' }],
          ['POST', API, { list_id: list.id, display: 'NEW' }],
          ['PUT', `${API}/${id}`, { remark: 'changed' }],
          ['DELETE', `${API}/${id}`, undefined],
        ] as const) {
          const response = await as(who, method, url, payload);
          expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
          expect(response.json()).toMatchObject({ message: LIST_VALUE_MESSAGES.locked, status: 403 });
        }
      }
      expect(await itemsOf('SPECIAL')).toEqual([expect.objectContaining({ display: 'SPH', remark: 'Steve Hesselbo' })]);

      expect((await as('administrator', 'PUT', `${API}/${id}`, { remark: 'by admin' })).statusCode).toBe(200);
      const added = await as('administrator', 'POST', API, { listname: 'SPECIAL', display: 'ADM' });
      expect(added.statusCode).toBe(201);
      expect((await as('administrator', 'DELETE', `${API}/${added.json<ListValue>().id}`)).statusCode).toBe(204);
      expect(await itemsOf('SPECIAL')).toEqual([expect.objectContaining({ display: 'SPH', remark: 'by admin' })]);
    });

    it('lets only an administrator lock or unlock a list; others may edit the uri of an unlocked one', async () => {
      await makeList('LOCKABLE', [['A', 'Alpha', 0]]);
      const url = `${API}/list?listname=LOCKABLE`;
      for (const who of ['operator', 'developer'] as const) {
        const response = await as(who, 'PUT', url, { is_locked: true });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ message: LIST_VALUE_MESSAGES.lockAdministratorOnly });
      }
      // Sending the unchanged lock back with a new uri (what a form does) is fine.
      const uri = await as('operator', 'PUT', url, { is_locked: false, list_uri: 'https://example.org/lockable' });
      expect(uri.statusCode, uri.body).toBe(200);
      expect(uri.json()).toMatchObject({ is_locked: false, list_uri: 'https://example.org/lockable' });

      const locked = await as('administrator', 'PUT', url, { is_locked: true });
      expect(locked.statusCode).toBe(200);
      expect(locked.json()).toMatchObject({ listname: 'LOCKABLE', is_locked: true });

      const blocked = await as('operator', 'PUT', url, { list_uri: 'https://example.org/other' });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ message: LIST_VALUE_MESSAGES.locked });
      expect((await as('operator', 'POST', API, { listname: 'LOCKABLE', display: 'B' })).statusCode).toBe(403);

      expect((await as('administrator', 'PUT', url, { is_locked: 0 })).json()).toMatchObject({ is_locked: false });
      expect((await as('operator', 'POST', API, { listname: 'LOCKABLE', display: 'B' })).statusCode).toBe(201);
      expect((await as('viewer', 'GET', url)).json()).toMatchObject({
        is_locked: false,
        list_uri: 'https://example.org/lockable',
      });
    });

    it('refuses a bad list update (400/404/422) and changes nothing', async () => {
      await makeList('STRICT', []);
      const url = `${API}/list?listname=STRICT`;
      expect422(
        await as('administrator', 'PUT', url, { is_locked: 'yes' }),
        'is_locked',
        'is_locked must be a boolean',
      );
      expect((await as('administrator', 'PUT', `${API}/list`, { is_locked: true })).statusCode).toBe(400);
      const missing = await as('administrator', 'PUT', `${API}/list?listname=GHOST`, { is_locked: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'Unable to find list with name GHOST' });
      expect(await listNames()).not.toContain('GHOST');
      // Authorization before existence: an operator may never change a lock (issue 16 finding 8).
      const operator = await as('operator', 'PUT', `${API}/list?listname=GHOST`, { is_locked: true });
      expect(operator.statusCode).toBe(403);
      expect(operator.json()).toMatchObject({ message: LIST_VALUE_MESSAGES.lockAdministratorOnly });
      const uriOnly = await as('operator', 'PUT', `${API}/list?listname=GHOST`, { list_uri: 'https://x.org' });
      expect(uriOnly.statusCode).toBe(404);
      expect((await as('viewer', 'GET', url)).json()).toMatchObject({ is_locked: false, list_uri: null });
    });
  });

  describe('access', () => {
    const routes = (id: number): [Method, string, object?][] => [
      ['GET', `${API}?filter[listname]=ACCESS`],
      ['GET', `${API}/${id}`],
      ['GET', `${API}/list-names`],
      ['GET', `${API}/list?listname=ACCESS`],
      ['POST', API, { listname: 'ACCESS', display: 'NEW' }],
      ['PUT', `${API}/${id}`, { remark: 'changed' }],
      ['DELETE', `${API}/${id}`],
      ['PUT', `${API}/list?listname=ACCESS`, { list_uri: 'https://example.org/x' }],
    ];

    it('answers 401 on every route without a valid token', async () => {
      const list = await makeList('ACCESS_401', [['A', 'Alpha', 0]]);
      for (const [method, url, payload] of routes(list.items[0] ?? 0)) {
        for (const auth of [{}, { authorization: 'Bearer not-a-token' }]) {
          const response = await ctx.t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
          expect(response.statusCode, `${method} ${url}`).toBe(401);
          expect(response.json()).toMatchObject({ message: AUTH_MESSAGES.missingToken });
        }
      }
    });

    it('lets viewers and read-only users read but not write; a user without a role does neither', async () => {
      const list = await makeList('ACCESS', [['A', 'Alpha', 0]]);
      for (const who of ['viewer', 'readOnly', 'readOnlyOperator', 'nobody'] as const) {
        for (const [method, url, payload] of routes(list.items[0] ?? 0)) {
          const response = await as(who, method, url, payload);
          const mayRead = who !== 'nobody' && method === 'GET';
          expect(response.statusCode, `${who} ${method} ${url}`).toBe(mayRead ? 200 : 403);
          if (!mayRead) expect(response.json()).toMatchObject({ message: FORBIDDEN_MESSAGE, status: 403 });
        }
      }
      expect(await itemsOf('ACCESS')).toEqual([expect.objectContaining({ display: 'A', remark: 'Alpha' })]);
      expect((await as('viewer', 'GET', `${API}/list?listname=ACCESS`)).json()).toMatchObject({ list_uri: null });
    });

    it('documents every route in the OpenAPI document', async () => {
      const docs = await ctx.t.app.inject({ method: 'GET', url: '/api/docs/json' });
      const paths = docs.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
      const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
      expect(methods('/api/v1/list-values/')).toEqual(['get', 'post']);
      expect(methods('/api/v1/list-values/{id}')).toEqual(['delete', 'get', 'put']);
      expect(methods('/api/v1/list-values/list')).toEqual(['get', 'put']);
      expect(methods('/api/v1/list-values/list-names')).toEqual(['get']);
    });

    it('lets an operator write to an unlocked list through every write route', async () => {
      const list = await makeList('ACCESS_OK', [['A', 'Alpha', 0]]);
      const id = list.items[0];
      expect((await as('operator', 'POST', API, { listname: 'ACCESS_OK', display: 'B' })).statusCode).toBe(201);
      expect((await as('operator', 'PUT', `${API}/${id}`, { remark: 'changed' })).statusCode).toBe(200);
      expect((await as('operator', 'DELETE', `${API}/${id}`)).statusCode).toBe(204);
      const info = await as('operator', 'PUT', `${API}/list?listname=ACCESS_OK`, {
        list_uri: 'https://example.org/ok',
      });
      expect(info.statusCode).toBe(200);
      expect(await displays('ACCESS_OK')).toEqual(['B']);
    });
  });
});

describe.each(DIALECTS)('list values API over the seeded lists (%s)', (dialect) => {
  let t: TestApp;
  let viewer: Record<string, string>;
  const shipped = loadDrillingTemplates().valueLists;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedDrillingModel(t.db, dialect);
    viewer = (await signedInUser(t.app, t.db, { roles: ['viewer'] })).headers;
  });
  afterAll(() => t.close());

  const get = async (url: string): Promise<unknown> => {
    const response = await t.app.inject({ method: 'GET', url, headers: viewer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const itemsAt = async (url: string) => ((await get(url)) as { items: ListValue[] }).items;

  it('names every shipped list, alphabetically regardless of case', async () => {
    const names = shipped.map((list) => list.listname);
    const lower = (name: string) => name.toLowerCase();
    const expected = [...names].sort((a, b) => (lower(a) < lower(b) ? -1 : lower(a) > lower(b) ? 1 : 0));
    expect(await get(`${API}/list-names`)).toEqual(expected);
    expect(expected.slice(0, 3)).toEqual(['ANALYST', 'bit_size', 'CITIES']);
  });

  it('answers a shipped list whole, in its shipped order', async () => {
    const uploadTypes = shipped.find((list) => list.listname === 'UPLOAD_FILE_TYPE');
    const items = await itemsAt(`${API}?filter[listname]=UPLOAD_FILE_TYPE`);
    expect(items.map((item) => [item.display, item.remark])).toEqual(
      uploadTypes?.items.map((item) => [item.display, item.remark]),
    );
    expect(await itemsAt(`${API}?filter[listname]=COUNTRIES`)).toHaveLength(249);
    expect(await itemsAt(API)).toHaveLength(shipped.reduce((sum, list) => sum + list.items.length, 0));
  });
});
