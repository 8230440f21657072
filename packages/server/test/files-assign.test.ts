import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@mdis/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { login, signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createClient, drillingChain, type FilesClient, type Headers, imageFixtures, type Row } from './files-fixture';

/** Assigning files to records, previews and originals, and who may see them (issue 6 item 2). */
describe.each(DIALECTS)('files: assign, previews, permissions (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let client: FilesClient;
  let images: Awaited<ReturnType<typeof imageFixtures>>;
  let root: string;
  const as: Record<'admin' | 'operator' | 'viewer' | 'limited', Headers> = {} as never;
  let chain: Awaited<ReturnType<typeof drillingChain>>;
  let other: Awaited<ReturnType<typeof drillingChain>>;
  let viewerCookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    app = await buildApp(config, { database });
    root = join(database.dataDir, 'files');
    client = createClient(app);
    images = await imageFixtures();
    as.admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
    as.operator = (await signedInUser(app, database.db, { roles: ['operator'] })).headers;
    const viewer = await signedInUser(app, database.db, { roles: ['viewer'] });
    as.viewer = viewer.headers;
    viewerCookie = `${SESSION_COOKIE}=${(await login(app, viewer.user.username, viewer.user.password)).token}`;
    as.limited = (await signedInUser(app, database.db, { roles: [], permissions: ['records:5066:view'] })).headers;
    chain = await drillingChain(client, as.admin, '5065');
    other = await drillingChain(client, as.admin, '5066', chain.program);
    // Seeding the drilling model and two chains is slow on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const stored = (key: string) => join(root, ...key.split('/'));
  const assign = (payload: Row, headers = as.operator, status = 200) =>
    client.json<{ items: Row[] }>('POST', '/api/v1/file/assign', headers, payload, status);
  const get = (url: string, headers: Headers) => app.inject({ url, headers });

  it('assigns uploads to a core: ancestors filled, renamed by the scheme into the type folder', async () => {
    const photo = await client.uploaded('IMG_0001.JPG', images.jpeg, as.operator);
    const log = await client.uploaded('notes.txt', Buffer.from('core notes'), as.operator);
    const { items } = await assign({ ids: [photo.id, log.id], type: 'PH', number: '7', core_id: chain.core.id });
    const base = String(chain.core.combined_id);
    expect(base).toMatch(/^5065_1_A_/);
    expect(items[0]).toMatchObject({
      type: 'PH',
      filename: `PH_${base}_7.F${String(photo.id)}.jpg`,
      parent_combined_id: base,
      expedition_id: chain.expedition.id,
      site_id: chain.site.id,
      hole_id: chain.hole.id,
      core_id: chain.core.id,
      section_id: null,
    });
    expect(items[1]?.filename).toBe(`PH_${base}_7.F${String(log.id)}.txt`);
    // Assigning changes the row only: the bytes keep their key, the file's id.
    expect(readFileSync(stored(`archive/${String(photo.id)}`)).equals(images.jpeg)).toBe(true);

    // The generic form's "show files (count)": page -1 with the id field only.
    const count = await client.json<{ items: Row[]; _meta: Row }>(
      'GET',
      `/api/v1/file?filter[core_id]=${String(chain.core.id)}&page=-1&fields=id`,
      as.viewer,
    );
    expect(count.items).toEqual([{ id: photo.id }, { id: log.id }]);
    expect(count._meta).toMatchObject({ totalCount: 2 });
  });

  it('names a section file by the section, and keeps the original base name for type UN', async () => {
    const file = await client.uploaded('scan left.png', images.png, as.operator);
    const { items } = await assign({ ids: [file.id], type: 'UN', section_id: chain.section.id });
    expect(items[0]).toMatchObject({
      filename: `UN_${String(chain.section.combined_id)}_scan_left.F${String(file.id)}.png`,
      core_id: chain.core.id,
      section_id: chain.section.id,
    });
    expect(existsSync(stored(`archive/${String(file.id)}`))).toBe(true);
  });

  it('refuses an assignment without a record, with an unknown type or contradicting ids (422), changing nothing', async () => {
    const file = await client.uploaded('keep.txt', Buffer.from('x'), as.operator);
    const none = await assign({ ids: [file.id], type: 'PH' }, as.operator, 422);
    expect(none).toEqual([{ field: 'expedition_id', message: 'Please select the record the files belong to.' }]);
    await assign({ ids: [file.id], type: 'ZZ', core_id: chain.core.id }, as.operator, 422);
    const mixed = await assign(
      { ids: [file.id], type: 'PH', core_id: chain.core.id, expedition_id: other.expedition.id },
      as.operator,
      422,
    );
    expect(mixed).toEqual([{ field: 'expedition_id', message: 'does not belong to the selected child record.' }]);
    await assign({ ids: [file.id], type: 'PH', core_id: 999_999 }, as.operator, 422);
    expect(await client.json('GET', `/api/v1/form/${String(file.id)}?name=files`, as.viewer)).toMatchObject({
      filename: 'keep.txt',
      core_id: null,
    });
    await assign({ ids: [file.id], type: 'PH', core_id: chain.core.id }, as.viewer, 403);
  });

  it('serves a reduced JPEG preview (1000 px box) and the original bytes', async () => {
    const file = await client.uploaded('wide.png', images.png, as.operator);
    await assign({ ids: [file.id], type: 'PH', hole_id: chain.hole.id });
    const preview = await get(`/files/${String(file.id)}`, as.viewer);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(preview.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1000, 667]);

    const original = await get(`/files/original/${String(file.id)}`, as.viewer);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(images.png)).toBe(true);
    // The browser's copy is revalidated by the MD5-based entity tag, without re-encoding.
    const etag = String(preview.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}-PH-box"$/);
    const cached = await get(`/files/${String(file.id)}`, { ...as.viewer, 'if-none-match': etag });
    expect([cached.statusCode, cached.body]).toEqual([304, '']);
    const sameOriginal = await get(`/files/original/${String(file.id)}`, {
      ...as.viewer,
      'if-none-match': String(original.headers.etag),
    });
    expect(sameOriginal.statusCode).toBe(304);
    const download = await get(`/files/original/${String(file.id)}?download=1`, as.viewer);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="PH_5065_1_A\.F\d+\.png"/);
  });

  it('gives core scans their height from the core diameter: CS = d×π×2, SS = d×2 (63.5 mm)', async () => {
    const cs = await client.uploaded('unrolled.tif', images.tiff, as.operator);
    const ss = await client.uploaded('slabbed.tif', images.tiff, as.operator);
    await assign({ ids: [cs.id], type: 'CS', core_id: chain.core.id });
    await assign({ ids: [ss.id], type: 'SS', core_id: chain.core.id });
    const heightOf = async (id: unknown) =>
      (await sharp((await get(`/files/${String(id)}`, as.viewer)).rawPayload).metadata()).height;
    expect(await heightOf(cs.id)).toBe(Math.round(63.5 * Math.PI * 2));
    expect(await heightOf(ss.id)).toBe(127);
  });

  it('still finds the bytes after the type was changed in the files form', async () => {
    const file = await client.uploaded('retyped.jpg', images.jpeg, as.operator);
    await assign({ ids: [file.id], type: 'PH', core_id: chain.core.id });
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/v1/form/${String(file.id)}?name=files`,
      headers: as.operator,
      payload: { type: 'DO' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await get(`/files/${String(file.id)}`, as.viewer)).statusCode).toBe(200);
    const back = await client.json('PUT', `/api/v1/file/unassign/${String(file.id)}`, as.operator);
    expect(back).toMatchObject({ filename: 'retyped.jpg' });
    expect(existsSync(stored(`archive/${String(file.id)}`))).toBe(true);
  });

  it('answers 404 for the bytes of a row that has none stored (made in the files form)', async () => {
    const row = await client.create(
      'files',
      { type: 'PH', filename: 'ghost.jpg', original_filename: 'ghost.jpg', upload_date: '2024-05-03 10:00' },
      as.operator,
    );
    // Assigning touches the row only (the bytes' key is the id), so it works without bytes.
    await assign({ ids: [row.id], type: 'PH', core_id: chain.core.id }, as.operator);
    const answer = await get(`/files/original/${String(row.id)}`, as.viewer);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ message: 'The file is missing from the file storage.' });
  });

  it('shows a generic icon for files that are no image', async () => {
    const doc = await client.uploaded('report.pdf', Buffer.from('%PDF-1.4'), as.operator);
    const preview = await get(`/files/${String(doc.id)}`, as.viewer);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(preview.body).toContain('>PDF<');
  });

  it('authenticates previews and originals with the session cookie, GET only', async () => {
    const file = await client.uploaded('cookie.jpg', images.jpeg, as.operator);
    expect((await get(`/files/${String(file.id)}`, { cookie: viewerCookie })).statusCode).toBe(200);
    expect((await get(`/files/original/${String(file.id)}`, { cookie: viewerCookie })).statusCode).toBe(200);
    expect((await get(`/files/${String(file.id)}`, {})).statusCode).toBe(401);
    const post = await app.inject({
      method: 'POST',
      url: '/api/v1/file/delete',
      headers: { cookie: viewerCookie },
      payload: { ids: [file.id] },
    });
    expect(post.statusCode).toBe(401);
    expect((await get('/files/999999', as.viewer)).statusCode).toBe(404);
  });

  it("checks the permission of the file's record: a limited user sees only their expedition's files", async () => {
    const mine = await client.uploaded('mine.jpg', images.jpeg, as.operator);
    const theirs = await client.uploaded('theirs.jpg', images.jpeg, as.operator);
    await assign({ ids: [mine.id], type: 'PH', core_id: other.core.id });
    await assign({ ids: [theirs.id], type: 'PH', core_id: chain.core.id });
    expect((await get(`/files/${String(mine.id)}`, as.limited)).statusCode).toBe(200);
    expect((await get(`/files/${String(theirs.id)}`, as.limited)).statusCode).toBe(403);
    expect((await get(`/files/original/${String(theirs.id)}`, as.limited)).statusCode).toBe(403);
    const list = await client.json<{ items: Row[] }>(
      'GET',
      '/api/v1/file?per-page=-1&fields=id,parent_combined_id',
      as.limited,
    );
    expect(list.items.map((r) => r.id)).toEqual([mine.id]);
  });

  it('unassigns a file back to the upload area under its original name (200), then deletes it', async () => {
    const file = await client.uploaded('back.jpg', images.jpeg, as.operator);
    await assign({ ids: [file.id], type: 'PH', section_id: chain.section.id });
    const unassigned = await client.json('PUT', `/api/v1/file/unassign/${String(file.id)}`, as.operator);
    expect(unassigned).toMatchObject({
      filename: 'back.jpg',
      parent_combined_id: null,
      core_id: null,
      section_id: null,
    });
    expect(existsSync(stored(`archive/${String(file.id)}`))).toBe(true);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/v1/file/unassign/${String(file.id)}`, headers: as.viewer }))
        .statusCode,
    ).toBe(403);

    const deleted = await client.json('POST', '/api/v1/file/delete', as.operator, { ids: [file.id] });
    expect(deleted).toEqual({ deleted: [file.id] });
    expect(existsSync(stored(`archive/${String(file.id)}`))).toBe(false);
    expect((await get(`/files/${String(file.id)}`, as.viewer)).statusCode).toBe(404);
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/file/delete',
      headers: as.operator,
      payload: { ids: [file.id] },
    });
    expect(again.statusCode).toBe(404);
  });

  it('deletes nothing when one of the files is missing, and a repeated id once', async () => {
    const kept = await client.uploaded('kept.txt', Buffer.from('kept'), as.operator);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/file/delete',
      headers: as.operator,
      payload: { ids: [kept.id, 99_999_999] },
    });
    expect(missing.statusCode).toBe(404);
    expect(existsSync(stored(`archive/${String(kept.id)}`))).toBe(true);
    expect((await get(`/files/original/${String(kept.id)}`, as.viewer)).statusCode).toBe(200);

    const twice = await client.json('POST', '/api/v1/file/delete', as.operator, { ids: [kept.id, kept.id] });
    expect(twice).toEqual({ deleted: [kept.id] });
    expect(existsSync(stored(`archive/${String(kept.id)}`))).toBe(false);
  });
});
