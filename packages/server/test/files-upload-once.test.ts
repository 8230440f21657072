import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createClient, drillingChain, type FilesClient, type Headers, type Row } from './files-fixture';

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
});
