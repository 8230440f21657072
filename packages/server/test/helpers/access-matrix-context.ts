import sharp from 'sharp';
import { expect } from 'vitest';
import { multipart, uploadParts } from '../files-fixture';
import type { Headers, TwoExpeditions } from './two-expeditions';

type Row = Record<string, unknown>;

/**
 * What the access matrix requests point at, made once by an administrator on top of the two
 * expeditions: a file of each expedition (and two spare ones of 5065 to unassign), a post, a message
 * with an image, a widget, a value list item and a throwaway user.
 */
export async function accessMatrixContext(t: TwoExpeditions) {
  const { app, admin } = t;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Headers = admin) => {
    const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<Row>();
  };
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#865' } })
    .jpeg()
    .toBuffer();
  async function file(sampleId: unknown, name: string): Promise<Row> {
    const body = multipart(uploadParts(name, jpeg));
    const upload = await app.inject({
      method: 'POST',
      url: '/api/v1/file/upload',
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json<{ items: Row[] }>().items[0].id;
    const assigned = await call('POST', '/api/v1/file/assign', { ids: [id], type: 'PH', sample_id: sampleId });
    return (assigned.items as Row[])[0];
  }
  const ownFile = await file(t.own.sample.id, 'own.jpg');
  const foreignFile = await file(t.foreign.sample.id, 'foreign.jpg');
  const spareFile = await file(t.own.sample.id, 'spare.jpg');
  const limitedEditFile = await file(t.own.sample.id, 'limited-edit.jpg');
  const post = await call('POST', '/api/v1/posts', { text: 'The first post' });
  const image = `data:image/png;base64,${(
    await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
  const message = await call('POST', '/api/v1/messages', {
    message: 'Message of the day',
    date: '2024-05-01',
    images: [{ data: image, caption: 'dot' }],
  });
  const widget = await call('POST', '/api/v1/widgets', { type: 'InstructionsWidget', title: 'Matrix' });
  const listItem = await call('POST', '/api/v1/list-values', { listname: 'MATRIX_LIST', display: 'M', remark: 'x' });
  const throwaway = await call('POST', '/api/v1/users', {
    username: 'throwaway',
    email: 'throwaway@example.org',
    password: 'throwaway-password',
    roles: [],
  });
  // The sample's creation, as its history lists it (the restore route's row needs an entry).
  const ownHistory = await call('GET', `/api/v1/history?model=CurationSample&id=${String(t.own.sample.id)}`);
  const ownSampleCreation = (ownHistory.items as Row[]).at(-1) ?? {};
  const messageRow = message as { images?: { image_id?: number }[] };
  return {
    ownFile,
    foreignFile,
    spareFile,
    limitedEditFile,
    post,
    message,
    messageImageId: messageRow.images?.[0]?.image_id ?? 1,
    widget,
    listItem,
    throwaway,
    ownSampleCreation,
    jpeg,
  };
}

export type AccessMatrixContext = Awaited<ReturnType<typeof accessMatrixContext>>;
