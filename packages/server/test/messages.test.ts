import type { Message, Role } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Page = {
  items: Message[];
  _meta: { currentPage: number; pageCount: number; perPage: number; totalCount: number };
};

// A real 1×1 PNG and GIF: the server checks the bytes, not only the data URL's claim.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

describe.each(DIALECTS)('messages of the day API (%s)', (dialect) => {
  let t: TestApp;
  const as: Partial<Record<Role | 'author' | 'defaultUser', Headers>> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ['administrator', 'developer', 'viewer'] as const) {
      as[role] = (await signedInUser(t.app, t.db, { roles: [role] })).headers;
    }
    as.author = (await signedInUser(t.app, t.db, { roles: ['operator'], name: 'Chief Scientist' })).headers;
    as.defaultUser = (await signedInUser(t.app, t.db, { roles: ['readOnly'] })).headers;
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, headers: Headers | undefined, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/messages${url}`, headers, ...(payload === undefined ? {} : { payload }) });

  async function write(payload: object, headers = as.author): Promise<Message> {
    const response = await call('POST', '', headers, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Message>();
  }

  it('creates a message with its images, and serves each image with its type', async () => {
    const message = await write({
      date: '2026-11-20',
      message: 'Drilling resumed',
      images: [
        { data: PNG, caption: 'The rig' },
        { data: GIF, caption: '' },
      ],
    });
    expect(message).toMatchObject({ date: '2026-11-20', message: 'Drilling resumed', author: 'Chief Scientist' });
    expect(message.images.map((i) => i.caption)).toEqual(['The rig', '']);
    const [first, second] = message.images;
    expect(first.url).toBe(`api/v1/messages/image/${String(first.image_id)}`);
    const image = await t.app.inject({ method: 'GET', url: `/${first.url}`, headers: as.viewer });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ method: 'GET', url: `/${second.url}` })).statusCode).toBe(401);
  });

  it('lists by month with filter[date][gt|lt], and the latest one by per-page=1&sort=-date', async () => {
    await write({ date: '2026-10-31', message: 'October' });
    await write({ date: '2026-12-01', message: 'December' });
    await write({ date: '2026-11-05', message: 'Early November' });
    const month = await call(
      'GET',
      '?per-page=-1&sort=date&filter[date][gt]=2026-10-31&filter[date][lt]=2026-12-01',
      as.viewer,
    );
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json<Page>().items.map((m) => m.message)).toEqual(['Early November', 'Drilling resumed']);
    const latest = (await call('GET', '?per-page=1&sort=-date', as.viewer)).json<Page>();
    expect(latest.items.map((m) => m.message)).toEqual(['December']);
    expect(latest._meta).toEqual({ currentPage: 1, pageCount: 4, perPage: 1, totalCount: 4 });
  });

  it('the Welcome dialog gets the messages of the day asked for', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await write({ date: today, message: 'Welcome aboard' });
    const dialog = await t.app.inject({ method: 'GET', url: '/api/v1/app/get-messages', headers: as.viewer });
    expect(dialog.statusCode, dialog.body).toBe(200);
    expect(dialog.json<Message[]>().map((m) => m.message)).toEqual(['Welcome aboard']);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/app/get-messages?date=2026-11-20',
      headers: as.viewer,
    });
    expect(other.json<Message[]>().map((m) => m.message)).toEqual(['Drilling resumed']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/app/get-messages?date=2026-02-30',
      headers: as.viewer,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an invalid message with the field list and stores nothing', async () => {
    const total = async () => (await call('GET', '', as.viewer)).json<Page>()._meta.totalCount;
    const before = await total();
    const response = await call('POST', '', as.author, {
      message: ' ',
      date: '2026-13-01',
      images: [{ data: 'data:image/svg+xml;base64,PHN2Zz4=' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([
      { field: 'message', message: 'Message cannot be blank.' },
      { field: 'date', message: 'Date must be a valid date (YYYY-MM-DD).' },
      { field: 'images.0.data', message: 'Image must be a PNG, JPEG, GIF or WebP data URL.' },
    ]);
    // A PNG data URL holding something else.
    const fake = await call('POST', '', as.author, {
      message: 'x',
      date: '2026-11-01',
      images: [{ data: 'data:image/png;base64,PHN2Zz4=' }],
    });
    expect(fake.json()).toEqual([
      { field: 'images.0.data', message: 'Image must be a PNG, JPEG, GIF or WebP data URL.' },
    ]);
    const foreign = await call('POST', '', as.author, { message: 'x', date: '2026-11-01', images: [{ image_id: 1 }] });
    expect(foreign.json()).toEqual([{ field: 'images.0.image_id', message: 'Image not found.' }]);
    expect(await total()).toBe(before);
    expect((await call('GET', '?filter[date][gt]=yesterday', as.viewer)).statusCode).toBe(400);
  });

  it('updates the whole model: keeps images by id, adds new ones, drops the rest', async () => {
    const message = await write({
      date: '2026-09-01',
      message: 'v1',
      images: [
        { data: PNG, caption: 'a' },
        { data: GIF, caption: 'b' },
      ],
    });
    const [a, b] = message.images;
    const response = await call('PUT', `/${String(message.id)}`, as.author, {
      date: '2026-09-02',
      message: 'v2',
      images: [
        { data: GIF, caption: 'new' },
        { image_id: b.image_id, caption: 'b renamed' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Message>();
    expect(updated).toMatchObject({ date: '2026-09-02', message: 'v2' });
    expect(updated.images.map((i) => i.caption)).toEqual(['new', 'b renamed']);
    expect(updated.images[1].image_id).toBe(b.image_id);
    expect((await t.app.inject({ method: 'GET', url: `/${a.url}`, headers: as.viewer })).statusCode).toBe(404);
  });

  it('lets the author, developers and administrators change a message; nobody else', async () => {
    const message = await write({ date: '2026-08-01', message: 'mine' });
    const body = { date: '2026-08-01', message: 'changed' };
    expect((await call('PUT', `/${String(message.id)}`, as.viewer, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/${String(message.id)}`, as.viewer)).statusCode).toBe(403);
    expect((await call('POST', '', as.defaultUser, body)).statusCode).toBe(403);
    expect((await call('PUT', `/${String(message.id)}`, as.developer, body)).statusCode).toBe(200);
    expect((await call('DELETE', `/${String(message.id)}`, as.administrator)).statusCode).toBe(204);
    expect((await call('GET', `/${String(message.id)}`, as.viewer)).statusCode).toBe(404);
    expect((await call('DELETE', `/${String(message.id)}`, as.administrator)).statusCode).toBe(404);
    expect((await call('GET', '', undefined)).statusCode).toBe(401);
  });
});
