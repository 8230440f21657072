import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp, seedChain } from './records-helpers';

type Headers = Record<string, string>;
type Rec = Record<string, unknown>;

describe.each(DIALECTS)('record permissions (%s)', (dialect) => {
  let t: RecordsTestApp;
  let chain: Awaited<ReturnType<typeof seedChain>>;
  const users: Record<string, Headers> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: Rec) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** Every verb on the hole form / global model, with the status each answered. */
  async function everyVerb(base: 'form' | 'global', name: string, headers: Headers, siteId = chain.s1.id) {
    const q = `name=${name}`;
    const hole = String(chain.h1.id);
    return {
      list: (await call('GET', `/api/v1/${base}?${q}`, headers)).statusCode,
      view: (await call('GET', `/api/v1/${base}/${hole}?${q}`, headers)).statusCode,
      create: (
        await call('POST', `/api/v1/${base}?${q}`, headers, {
          site_id: siteId,
          hole: `N${String(Math.random()).slice(2, 6)}`,
        })
      ).statusCode,
      update: (await call('PUT', `/api/v1/${base}/${hole}?${q}`, headers, { depth: 11 })).statusCode,
      defaults: (await call('POST', `/api/v1/${base}/defaults?${q}`, headers, { site_id: siteId })).statusCode,
      duplicate: (await call('POST', `/api/v1/${base}/duplicate?${q}&id=${hole}`, headers)).statusCode,
      delete: (await call('DELETE', `/api/v1/${base}/${String(chain.h3.id + 1000)}?${q}`, headers)).statusCode,
    };
  }

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    chain = await seedChain(t);
    users.viewer = await t.signIn({ roles: ['viewer'] });
    users.operator = await t.signIn({ roles: ['operator'] });
    users.readOnly = await t.signIn({ roles: ['viewer', 'readOnly'] });
    users.nobody = await t.signIn({ roles: [] });
    users.holeView = await t.signIn({ roles: [], permissions: ['form-hole:view'] });
    users.holeEdit = await t.signIn({ roles: [], permissions: ['form-hole:edit'] });
    users.limitedView = await t.signIn({ roles: [], permissions: ['records:5065:view'] });
    users.limitedEdit = await t.signIn({ roles: [], permissions: ['records:5065_1:edit'] });
  });
  afterAll(async () => t.close());

  it('lets a viewer list and view, and should not let it change anything', async () => {
    expect(await everyVerb('form', 'hole', users.viewer)).toEqual({
      list: 200,
      view: 200,
      create: 403,
      update: 403,
      defaults: 403,
      duplicate: 403,
      delete: 403,
    });
  });

  it('lets an operator do every verb (delete of an unknown record: 404)', async () => {
    expect(await everyVerb('form', 'hole', users.operator)).toEqual({
      list: 200,
      view: 200,
      create: 201,
      update: 200,
      defaults: 200,
      duplicate: 200,
      delete: 404,
    });
  });

  it('should not let a read-only user write, even with roles that could', async () => {
    expect(await everyVerb('global', 'ProjectHole', users.readOnly)).toEqual({
      list: 200,
      view: 200,
      create: 403,
      update: 403,
      defaults: 403,
      duplicate: 403,
      delete: 403,
    });
  });

  it('should not let a user without role or permission reach any record', async () => {
    expect(await everyVerb('form', 'hole', users.nobody)).toEqual({
      list: 403,
      view: 403,
      create: 403,
      update: 403,
      defaults: 403,
      duplicate: 403,
      delete: 403,
    });
  });

  it('grants a form view permission on that form and on its model, not on others', async () => {
    const headers = users.holeView;
    expect(await everyVerb('form', 'hole', headers)).toMatchObject({ list: 200, view: 200, create: 403, delete: 403 });
    expect((await call('GET', '/api/v1/global?name=ProjectHole', headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/form?name=hole-extra', headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/form?name=site', headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/global?name=ProjectSite', headers)).statusCode).toBe(403);
  });

  it('grants a form edit permission every verb on that form and on its model', async () => {
    const headers = users.holeEdit;
    expect(await everyVerb('form', 'hole', headers)).toEqual({
      list: 200,
      view: 200,
      create: 201,
      update: 200,
      defaults: 200,
      duplicate: 200,
      delete: 404,
    });
    expect((await everyVerb('global', 'ProjectHole', headers)).create).toBe(201);
    expect(
      (await call('POST', '/api/v1/global?name=ProjectSite', headers, { expedition_id: chain.e1.id, site: '9' }))
        .statusCode,
    ).toBe(403);
  });

  describe('limited access', () => {
    const ids = (response: Awaited<ReturnType<typeof call>>) =>
      response.json<{ items: Rec[] }>().items.map((i) => i.combined_id ?? i.expedition);

    it('lists only records under the prefix, on every form, expeditions by their code', async () => {
      const headers = users.limitedView;
      // Besides A and B, the holes the verb checks above created in site 5065_1 (their combined ids are computed).
      const holes = ids(await call('GET', '/api/v1/form?name=hole&sort=combined_id', headers));
      expect(holes.slice(0, 2)).toEqual(['5065_1_A', '5065_1_B']);
      expect(holes.filter((id) => !String(id).startsWith('5065_1_'))).toEqual([]);
      expect(ids(await call('GET', '/api/v1/global?name=ProjectSite', headers))).toEqual(['5065_1']);
      expect(ids(await call('GET', '/api/v1/form?name=expedition', headers))).toEqual(['5065']);
      const meta = (await call('GET', '/api/v1/form?name=hole', headers)).json<{ _meta: Rec }>()._meta;
      expect(meta.totalCount).toBe(holes.length);
    });

    it('should not show or change a record outside the prefix: 403', async () => {
      const view = users.limitedView;
      expect((await call('GET', `/api/v1/form/${String(chain.h3.id)}?name=hole`, view)).statusCode).toBe(403);
      expect((await call('GET', `/api/v1/form/${String(chain.h1.id)}?name=hole`, view)).statusCode).toBe(200);
      expect((await call('PUT', `/api/v1/form/${String(chain.h1.id)}?name=hole`, view, { depth: 3 })).statusCode).toBe(
        403,
      );
      const edit = users.limitedEdit;
      expect((await call('PUT', `/api/v1/form/${String(chain.h3.id)}?name=hole`, edit, { depth: 3 })).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', `/api/v1/form/${String(chain.h3.id)}?name=hole`, edit)).statusCode).toBe(403);
      expect((await call('POST', `/api/v1/form/duplicate?name=hole&id=${String(chain.h3.id)}`, edit)).statusCode).toBe(
        403,
      );
      expect((await call('PUT', `/api/v1/form/${String(chain.h2.id)}?name=hole`, edit, { depth: 3 })).statusCode).toBe(
        200,
      );
    });

    it('should not create under a parent outside the prefix, nor move a record there', async () => {
      const edit = users.limitedEdit;
      expect((await call('POST', '/api/v1/form?name=hole', edit, { site_id: chain.s2.id, hole: 'X' })).statusCode).toBe(
        403,
      );
      expect((await call('POST', '/api/v1/form/defaults?name=hole', edit, { site_id: chain.s2.id })).statusCode).toBe(
        403,
      );
      expect(
        (await call('PUT', `/api/v1/form/${String(chain.h2.id)}?name=hole`, edit, { site_id: chain.s2.id })).statusCode,
      ).toBe(403);
      expect((await call('POST', '/api/v1/form?name=hole', edit, { site_id: chain.s1.id, hole: 'L' })).statusCode).toBe(
        201,
      );
    });

    it('narrows filter lists and async lists to the scope; nothing for a user without role', async () => {
      const models = `models[]=${encodeURIComponent(JSON.stringify({ model: 'expedition', require: null }))}`;
      const lists = await call('GET', `/api/v1/form/filter-lists?name=hole&${models}`, users.limitedView);
      expect(lists.json<Record<string, unknown[]>>().expedition).toHaveLength(1);
      const asyncUrl = '/api/v1/global/async-lists?name=ProjectHole&fields=combined_id,id&sort=combined_id';
      const holes = await call('GET', asyncUrl, users.limitedView);
      expect(holes.statusCode).toBe(200);
      const ids = holes.json<{ items: Rec[] }>().items.map((i) => String(i.combined_id));
      expect(ids.filter((id) => !id.startsWith('5065_'))).toEqual([]);
      expect((await call('GET', `/api/v1/form/filter-lists?name=hole&${models}`, users.nobody)).statusCode).toBe(403);
      expect((await call('GET', asyncUrl, users.nobody)).statusCode).toBe(403);
    });
  });

  it('should not answer anything without a token: 401', async () => {
    expect((await call('GET', '/api/v1/form?name=hole', {})).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/form/filter-lists?name=hole', {})).statusCode).toBe(401);
  });
});
