import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIALECTS } from './helpers/dialects';
import { type DrillingApp, startDrillingApp } from './helpers/drilling-app';
import { signedInUser } from './helpers/factories';
import { createClient, drillingChain, type FilesClient, type Headers, type Row, uploadParts } from './files-fixture';

/**
 * Issue 16 finding 8: a limited editor (`records:5065:edit`) uploads, assigns and deletes the files
 * of its own expedition, and none of another one's (403, nothing changed).
 */
describe.each(DIALECTS)('files: limited editors work on their own expedition only (%s)', (dialect) => {
  let t: DrillingApp;
  let app: FastifyInstance;
  let client: FilesClient;
  const as: Record<'admin' | 'editor' | 'viewer', Headers> = {} as never;
  let own: Awaited<ReturnType<typeof drillingChain>>;
  let foreign: Awaited<ReturnType<typeof drillingChain>>;

  beforeAll(async () => {
    t = await startDrillingApp(dialect);
    app = t.app;
    client = createClient(app);
    as.admin = t.admin;
    as.editor = (await signedInUser(app, t.database.db, { roles: [], permissions: ['records:5065:edit'] })).headers;
    as.viewer = (await signedInUser(app, t.database.db, { roles: [], permissions: ['records:5065:view'] })).headers;
    own = await drillingChain(client, as.admin, '5065');
    foreign = await drillingChain(client, as.admin, '7002', own.program);
  }, 120_000);
  afterAll(() => t.close());

  const allFiles = async () =>
    (await client.json<{ items: Row[] }>('GET', '/api/v1/file?per-page=-1&sort=id', as.admin)).items;
  const upload = (headers: Headers, record: Record<string, string>) =>
    client.upload(uploadParts('box.jpg', Buffer.from('core box'), { type: 'PH', ...record }), headers);

  it('uploads to a record of its own expedition: the file is assigned to it at once', async () => {
    const answer = await upload(as.editor, { core_id: String(own.core.id) });
    expect(answer.statusCode, answer.body).toBe(201);
    const [file] = answer.json<{ items: Row[] }>().items;
    expect(file).toMatchObject({
      type: 'PH',
      core_id: own.core.id,
      expedition_id: own.expedition.id,
      parent_combined_id: own.core.combined_id,
      filename: `PH_${String(own.core.combined_id)}.F${String(file.id)}.jpg`,
    });
    const bytes = await app.inject({ url: `/files/original/${String(file.id)}`, headers: as.viewer });
    expect(bytes.body).toBe('core box');
  });

  it('refuses an upload to another expedition (403) or to no record (422), storing nothing', async () => {
    const before = await allFiles();
    const foreignUpload = await upload(as.editor, { core_id: String(foreign.core.id) });
    expect(foreignUpload.statusCode, foreignUpload.body).toBe(403);
    const mixed = await upload(as.editor, {
      core_id: String(foreign.core.id),
      expedition_id: String(own.expedition.id),
    });
    expect([403, 422]).toContain(mixed.statusCode);
    const none = await upload(as.editor, {});
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json()).toEqual([{ field: 'expedition_id', message: 'Please select the record the files belong to.' }]);
    expect((await upload(as.viewer, { core_id: String(own.core.id) })).statusCode).toBe(403);
    expect(await allFiles()).toEqual(before);
  });

  it('assigns its own files within its expedition, and neither its files elsewhere nor foreign files', async () => {
    const mine = (await upload(as.editor, { core_id: String(own.core.id) })).json<{ items: Row[] }>().items[0];
    const theirs = await client.uploaded('theirs.jpg', Buffer.from('7002'), as.admin, {
      type: 'PH',
      core_id: String(foreign.core.id),
    });
    const assign = (body: Row) =>
      app.inject({ method: 'POST', url: '/api/v1/file/assign', headers: as.editor, payload: { type: 'PH', ...body } });
    const moved = await assign({ ids: [mine.id], section_id: own.section.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ items: Row[] }>().items[0]).toMatchObject({ section_id: own.section.id });
    expect((await assign({ ids: [mine.id], core_id: foreign.core.id })).statusCode).toBe(403);
    expect((await assign({ ids: [theirs.id], core_id: own.core.id })).statusCode).toBe(403);
    const after = await client.json('GET', `/api/v1/form/${String(theirs.id)}?name=files`, as.admin);
    expect(after).toMatchObject({ core_id: foreign.core.id });
  });

  it('deletes its own files and not another expedition’s', async () => {
    const mine = (await upload(as.editor, { core_id: String(own.core.id) })).json<{ items: Row[] }>().items[0];
    const theirs = await client.uploaded('keep.jpg', Buffer.from('7002'), as.admin, {
      type: 'PH',
      core_id: String(foreign.core.id),
    });
    const remove = (id: unknown) =>
      app.inject({ method: 'POST', url: '/api/v1/file/delete', headers: as.editor, payload: { ids: [id] } });
    expect((await remove(theirs.id)).statusCode).toBe(403);
    expect((await app.inject({ url: `/files/original/${String(theirs.id)}`, headers: as.admin })).body).toBe('7002');
    const deleted = await remove(mine.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await app.inject({ url: `/files/original/${String(mine.id)}`, headers: as.admin })).statusCode).toBe(404);
  });

  it('unassigns its own files (they stay within its reach) and not another expedition’s', async () => {
    const mine = (await upload(as.editor, { core_id: String(own.core.id) })).json<{ items: Row[] }>().items[0];
    const theirs = await client.uploaded('theirs.jpg', Buffer.from('7002'), as.admin, {
      type: 'PH',
      core_id: String(foreign.core.id),
    });
    const unassign = (id: unknown) =>
      app.inject({ method: 'PUT', url: `/api/v1/file/unassign/${String(id)}`, headers: as.editor });
    const unassigned = await unassign(mine.id);
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    expect(unassigned.json()).toMatchObject({
      core_id: null,
      expedition_id: null,
      filename: 'box.jpg',
      parent_combined_id: own.core.combined_id,
    });
    // Still its own: the editor assigns it again (or deletes it), and the viewer of 5065 sees it.
    expect((await app.inject({ url: `/files/original/${String(mine.id)}`, headers: as.viewer })).statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/file/assign',
      headers: as.editor,
      payload: { ids: [mine.id], type: 'PH', section_id: own.section.id },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await unassign(theirs.id)).statusCode).toBe(403);
    const after = await client.json('GET', `/api/v1/form/${String(theirs.id)}?name=files`, as.admin);
    expect(after).toMatchObject({ core_id: foreign.core.id, parent_combined_id: foreign.core.combined_id });
  });

  it('cannot move a file into another expedition through the records API (parent_combined_id), nor make one there', async () => {
    const mine = (await upload(as.editor, { core_id: String(own.core.id) })).json<{ items: Row[] }>().items[0];
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/form/${String(mine.id)}?name=files`,
      headers: as.editor,
      payload: { parent_combined_id: String(foreign.core.combined_id) },
    });
    expect(moved.statusCode, moved.body).toBe(403);
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/form?name=files',
      headers: as.editor,
      payload: {
        type: 'PH',
        filename: 'planted.jpg',
        original_filename: 'planted.jpg',
        upload_date: '2024-05-03 10:00',
        parent_combined_id: String(foreign.core.combined_id),
      },
    });
    expect(made.statusCode, made.body).toBe(403);
    const row = await client.json('GET', `/api/v1/form/${String(mine.id)}?name=files`, as.admin);
    expect(row.parent_combined_id).toBe(own.core.combined_id);
    expect((await allFiles()).filter((file) => file.filename === 'planted.jpg')).toEqual([]);
  });
});
