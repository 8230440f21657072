import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIALECTS } from './helpers/dialects';
import { type DrillingApp, startDrillingApp } from './helpers/drilling-app';
import { signedInUser } from './helpers/factories';
import { createClient, drillingChain, type FilesClient, type Headers, imageFixtures } from './files-fixture';

type User = 'admin' | 'noRole' | 'viewer' | 'readOnly' | 'sectionForm';

/**
 * Who may use the files calls (issue 16): a user who may not use a call gets its 403 whatever it
 * sent (authorization before validation), and the preview of a file follows the same rule as its
 * original (a user of the section form alone sees both, or neither).
 */
describe.each(DIALECTS)('files: who may use which call (%s)', (dialect) => {
  let t: DrillingApp;
  let app: FastifyInstance;
  let client: FilesClient;
  const as: Record<User, Headers> = {} as never;
  let chain: Awaited<ReturnType<typeof drillingChain>>;

  beforeAll(async () => {
    t = await startDrillingApp(dialect);
    app = t.app;
    client = createClient(app);
    const user = async (roles: string[], permissions: string[] = []) =>
      (await signedInUser(app, t.database.db, { roles: roles as never, permissions })).headers;
    as.admin = t.admin;
    as.noRole = await user([]);
    as.viewer = await user(['viewer']);
    as.readOnly = await user(['readOnly']);
    as.sectionForm = await user([], ['form-section:view']);
    chain = await drillingChain(client, as.admin, '5065');
  }, 120_000);
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  it('refuses a broken request with 403 before it looks at it, to whoever may not use the call', async () => {
    const refusedWrites: [User, 'POST' | 'PUT', string][] = [
      ['noRole', 'POST', '/api/v1/file/assign'],
      ['viewer', 'POST', '/api/v1/file/assign'],
      ['readOnly', 'POST', '/api/v1/file/delete'],
      ['viewer', 'POST', '/api/v1/file/delete'],
      ['viewer', 'PUT', '/api/v1/file/auto-print-image'],
      ['noRole', 'PUT', '/api/v1/file/unassign/not-a-number'],
    ];
    for (const [user, method, url] of refusedWrites) {
      const answer = await send(method, url, as[user], '7');
      expect(answer.statusCode, `${user} ${method} ${url}: ${answer.body}`).toBe(403);
    }
    const refusedReads: [User, string][] = [
      ['noRole', '/api/v1/file/meta-data'],
      ['noRole', '/api/v1/file/meta-data?filename=nothing.jpg'],
      ['sectionForm', '/api/v1/file/meta-data?filename=nothing.jpg'],
      ['noRole', '/api/v1/file/update-select-values?name=expedition&value=abc'],
      ['noRole', '/api/v1/file?per-page=abc'],
    ];
    for (const [user, url] of refusedReads) {
      const answer = await send('GET', url, as[user]);
      expect(answer.statusCode, `${user} GET ${url}: ${answer.body}`).toBe(403);
    }
    // Who may use the call still gets the validation's answer.
    expect((await send('POST', '/api/v1/file/delete', as.admin, '7')).statusCode).toBe(422);
    expect((await send('GET', '/api/v1/file/meta-data?filename=nothing.jpg', as.viewer)).statusCode).toBe(404);
  });

  it('shows a user of the section form the preview of a section file as it shows the original', async () => {
    const images = await imageFixtures();
    const scan = await client.uploaded('unrolled.tif', images.tiff, as.admin);
    await client.json('POST', '/api/v1/file/assign', as.admin, {
      ids: [scan.id],
      type: 'CS',
      section_id: chain.section.id,
    });
    const original = await send('GET', `/files/original/${String(scan.id)}`, as.sectionForm);
    expect(original.statusCode, original.body).toBe(200);
    const preview = await send('GET', `/files/${String(scan.id)}`, as.sectionForm);
    expect(preview.statusCode, preview.body).toBe(200);
    // The same preview as everyone's: the scan's height still comes from its core's diameter.
    expect((await sharp(preview.rawPayload).metadata()).height).toBe(Math.round(63.5 * Math.PI * 2));
    // Neither for a user who may not open the section.
    expect((await send('GET', `/files/${String(scan.id)}`, as.noRole)).statusCode).toBe(403);
    expect((await send('GET', `/files/original/${String(scan.id)}`, as.noRole)).statusCode).toBe(403);
  });
});
