import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { UPLOAD_ONCE_MESSAGES } from '../src/modules/files/upload-once';
import { createClient, drillingChain, type FilesClient, type Headers, type Row, uploadParts } from './files-fixture';

/**
 * A photo queued offline (issue 22 item 5) is uploaded with its client operation id and its record:
 * a repeated upload (the first answer was lost) answers the same file, and nothing is created twice.
 */
describe.each(DIALECTS)('file upload with a client operation id (%s)', (dialect) => {
  let testApp: TestApp;
  let client: FilesClient;
  let operator: Headers;
  let other: Headers;
  let chain: Awaited<ReturnType<typeof drillingChain>>;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, {}, { seeded: true });
    const { app, db } = testApp;
    client = createClient(app);
    operator = (await signedInUser(app, db, { roles: ['operator'] })).headers;
    other = (await signedInUser(app, db, { roles: ['operator'] })).headers;
    chain = await drillingChain(client, operator, '5065');
  }, 120_000);
  afterAll(() => testApp.close());

  const filesOfCore = async () =>
    (
      await client.json<{ items: Row[] }>(
        'GET',
        `/api/v1/file?filter[core_id]=${String(chain.core.id)}&per-page=-1`,
        operator,
      )
    ).items;

  it('creates the file once, assigned to the record, however often the upload is repeated', async () => {
    const extra = { type: 'UN', core_id: String(chain.core.id), opId: 'photo-op-1' };
    const first = await client.uploaded('core photo.jpg', Buffer.from('jpeg bytes'), operator, extra);
    const again = await client.uploaded('core photo.jpg', Buffer.from('jpeg bytes'), operator, extra);
    expect(again.id).toBe(first.id);
    expect(first.core_id).toBe(chain.core.id);
    const files = await filesOfCore();
    expect(files.filter((file) => file.original_filename === 'core photo.jpg')).toHaveLength(1);
  });

  it("keeps users' operation ids apart, and uploads without one as before", async () => {
    const extra = { type: 'UN', core_id: String(chain.core.id), opId: 'photo-op-2' };
    const mine = await client.uploaded('a.jpg', Buffer.from('a'), operator, extra);
    const theirs = await client.uploaded('a.jpg', Buffer.from('a'), other, extra);
    expect(theirs.id).not.toBe(mine.id);
    const plain = { type: 'UN', core_id: String(chain.core.id) };
    const one = await client.uploaded('b.jpg', Buffer.from('b'), operator, plain);
    const two = await client.uploaded('b.jpg', Buffer.from('b'), operator, plain);
    expect(two.id).not.toBe(one.id);
  });

  it('refuses an operation id over 100 characters with a 400 and stores nothing', async () => {
    const before = (await filesOfCore()).length;
    const extra = { type: 'UN', core_id: String(chain.core.id), opId: 'x'.repeat(101) };
    const response = await client.upload(uploadParts('too long.jpg', Buffer.from('jpeg'), extra), operator);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(UPLOAD_ONCE_MESSAGES.opIdTooLong);
    expect(UPLOAD_ONCE_MESSAGES.opIdTooLong).toBe('opId: an operation id may have at most 100 characters.');
    expect(await filesOfCore()).toHaveLength(before);
    const longest = { ...extra, opId: 'y'.repeat(100) };
    const kept = await client.uploaded('longest.jpg', Buffer.from('jpeg'), operator, longest);
    expect((await client.uploaded('longest.jpg', Buffer.from('jpeg'), operator, longest)).id).toBe(kept.id);
  });
});
