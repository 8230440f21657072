import type { Post, Role } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Page = { items: Post[]; _meta: { currentPage: number; pageCount: number; perPage: number; totalCount: number } };

describe.each(DIALECTS)('posts API (%s)', (dialect) => {
  let t: TestApp;
  const as: Partial<Record<Role | 'author' | 'otherViewer' | 'defaultUser', Headers>> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ['administrator', 'developer', 'operator', 'viewer'] as const) {
      as[role] = (await signedInUser(t.app, t.db, { roles: [role], name: `The ${role}` })).headers;
    }
    as.author = (await signedInUser(t.app, t.db, { roles: ['operator'], username: 'writer', name: '' })).headers;
    as.otherViewer = (await signedInUser(t.app, t.db, { roles: ['viewer'] })).headers;
    as.defaultUser = (await signedInUser(t.app, t.db, { roles: ['readOnly'] })).headers;
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, headers: Headers | undefined, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/posts${url}`, headers, ...(payload === undefined ? {} : { payload }) });

  async function write(text: string, headers = as.author): Promise<Post> {
    const response = await call('POST', '', headers, { text });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Post>();
  }

  it('creates a post with the author and created_at (seconds) set by the server', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await call('POST', '', as.viewer, {
      text: '  Core 5 is on deck  ',
      author: 'forged',
      created_at: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const post = response.json<Post>();
    expect(post).toMatchObject({ text: 'Core 5 is on deck', author: 'The viewer', canEdit: true });
    expect(post.created_at).toBeGreaterThanOrEqual(before);
    expect(post.created_at).toBeLessThan(before + 60);
    // A user without a profile name signs with the username.
    expect((await write('hello')).author).toBe('writer');
  });

  it('pages posts 5 at a time, newest first, with _meta', async () => {
    for (let n = 1; n <= 7; n += 1) await write(`paged ${String(n)}`);
    const first = await call('GET', '?per-page=5&page=1&sort=-created_at', as.viewer);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<Page>();
    expect(page1._meta).toEqual({ currentPage: 1, pageCount: 2, perPage: 5, totalCount: 9 });
    expect(page1.items.map((p) => p.text)).toEqual(['paged 7', 'paged 6', 'paged 5', 'paged 4', 'paged 3']);
    const page2 = (await call('GET', '?per-page=5&page=2&sort=-created_at', as.viewer)).json<Page>();
    expect(page2.items.map((p) => p.text)).toEqual(['paged 2', 'paged 1', 'hello', 'Core 5 is on deck']);
    expect(page2._meta.currentPage).toBe(2);
  });

  it('refuses bad input with 422 or 400 and changes nothing', async () => {
    const count = async () => (await call('GET', '', as.viewer)).json<Page>()._meta.totalCount;
    const before = await count();
    for (const payload of [{}, { text: '   ' }, { text: 42 }]) {
      const response = await call('POST', '', as.viewer, payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual([{ field: 'text', message: 'Text cannot be blank.' }]);
    }
    expect((await call('POST', '', as.viewer, { text: 'x'.repeat(10_001) })).json()).toEqual([
      { field: 'text', message: 'Text should contain at most 10000 characters.' },
    ]);
    expect((await call('GET', '?sort=password', as.viewer)).statusCode).toBe(400);
    expect((await call('GET', '?per-page=abc', as.viewer)).statusCode).toBe(400);
    expect((await call('PUT', '/999999', as.viewer, { text: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/abc', as.viewer)).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lets the author, developers and administrators edit and delete a post; nobody else', async () => {
    const post = await write('to be changed');
    for (const who of ['otherViewer', 'operator', 'defaultUser'] as const) {
      expect((await call('PUT', `/${String(post.id)}`, as[who], { text: 'hijacked' })).statusCode).toBe(403);
      expect((await call('DELETE', `/${String(post.id)}`, as[who])).statusCode).toBe(403);
    }
    const seenByOther = (await call('GET', `/${String(post.id)}`, as.otherViewer)).json<Post>();
    expect(seenByOther).toMatchObject({ text: 'to be changed', canEdit: false });
    expect((await call('GET', `/${String(post.id)}`, as.developer)).json<Post>().canEdit).toBe(true);

    const edited = await call('PUT', `/${String(post.id)}`, as.author, { text: 'edited by author' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Post>()).toMatchObject({
      text: 'edited by author',
      author: 'writer',
      created_at: post.created_at,
    });
    const byDeveloper = await call('PUT', `/${String(post.id)}`, as.developer, { text: 'moderated' });
    expect(byDeveloper.json<Post>()).toMatchObject({ text: 'moderated', author: 'writer' });

    expect((await call('DELETE', `/${String(post.id)}`, as.administrator)).statusCode).toBe(204);
    expect((await call('GET', `/${String(post.id)}`, as.viewer)).statusCode).toBe(404);
    const own = await write('mine');
    expect((await call('DELETE', `/${String(own.id)}`, as.author)).statusCode).toBe(204);
  });

  it('the read-only default user reads posts but writes none; without a login every call is 401', async () => {
    expect((await call('GET', '', as.defaultUser)).statusCode).toBe(200);
    expect((await call('POST', '', as.defaultUser, { text: 'anonymous' })).statusCode).toBe(403);
    expect((await call('GET', '', undefined)).statusCode).toBe(401);
    expect((await call('POST', '', undefined, { text: 'x' })).statusCode).toBe(401);
  });
});
