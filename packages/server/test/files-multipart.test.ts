import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createClient, type FilesClient, type Headers, multipart, type Row, uploadParts } from './files-fixture';

const MB = 1024 * 1024;

/**
 * Broken multipart bodies and oversized requests (issue 16 findings 7 and 8): a clear 4xx, and
 * nothing stored or spooled left behind; authorization before validation on the assign selects.
 */
describe.each(DIALECTS)('files: broken multipart, request limits (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let client: FilesClient;
  const as: Record<'operator' | 'developer' | 'noRole', Headers> = {} as never;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({
      database: database.config,
      dataDir: database.dataDir,
      uploadMaxBytes: MB,
      uploadMaxRequestBytes: 1.5 * MB,
    });
    await seedDatabase(database, config);
    app = await buildApp(config, { database });
    client = createClient(app);
    as.operator = (await signedInUser(app, database.db, { roles: ['operator'] })).headers;
    as.developer = (await signedInUser(app, database.db, { roles: ['developer'] })).headers;
    as.noRole = (await signedInUser(app, database.db, { roles: [] })).headers;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const fileCount = async () =>
    (await client.json<{ items: Row[] }>('GET', '/api/v1/file?per-page=-1&fields=id', as.operator)).items.length;
  const spooled = () => {
    const spool = join(database.dataDir, 'spool');
    return existsSync(spool) ? readdirSync(spool) : [];
  };
  const stored = () => {
    const files = join(database.dataDir, 'files');
    return existsSync(files)
      ? readdirSync(files, { recursive: true }).filter((f) => !String(f).startsWith('.tmp'))
      : [];
  };

  const body = () => multipart(uploadParts('broken.txt', Buffer.alloc(64 * 1024, 7)));
  const broken = {
    'without a boundary': () => ({
      payload: body().payload,
      type: 'multipart/form-data',
      message: 'The multipart body is malformed: Boundary not found. Send multipart/form-data with its boundary.',
    }),
    truncated: () => {
      const { payload, headers } = body();
      return {
        payload: payload.subarray(0, payload.length / 2),
        type: headers['content-type'],
        message: 'The multipart body is incomplete: it ended before its closing boundary.',
      };
    },
  };
  const routes = [
    ['/api/v1/file/upload', 'operator'],
    ['/cg/api/upload', 'developer'],
    ['/cg/api/verify-uploaded-template?type=model', 'developer'],
    ['/cg/api/verify-uploaded-zip', 'developer'],
  ] as const;

  for (const [kind, make] of Object.entries(broken)) {
    it.each(routes)(`answers a multipart body ${kind} to %s with 400 and a clear message`, async (url, who) => {
      const before = await fileCount();
      const { payload, type, message } = make();
      const response = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...as[who], 'content-type': type },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, message });
      expect(await fileCount()).toBe(before);
      expect(spooled()).toEqual([]);
    });
  }

  it('refuses a request whose files together pass the per-request limit with 413 naming it, storing nothing', async () => {
    const before = await fileCount();
    const storedBefore = stored();
    const parts = [
      ...uploadParts('one.bin', Buffer.alloc(MB, 1)),
      {
        name: 'FilesUploadNewFormModel[files][1]',
        filename: 'two.bin',
        type: 'application/octet-stream',
        data: Buffer.alloc(MB, 2),
      },
    ];
    const response = await client.upload(parts, as.operator);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({
      status: 413,
      message: 'The upload is too large: one request may carry at most 1.5 MB of files in all.',
    });
    expect(await fileCount()).toBe(before);
    expect(stored()).toEqual(storedBefore);
    expect(spooled()).toEqual([]);
    // Under the total, two files are fine.
    const small = [
      ...uploadParts('one.bin', Buffer.alloc(0.5 * MB, 1)),
      {
        name: 'FilesUploadNewFormModel[files][1]',
        filename: 'two.bin',
        type: 'application/octet-stream',
        data: Buffer.alloc(0.5 * MB, 2),
      },
    ];
    expect((await client.upload(small, as.operator)).statusCode).toBe(201);
  });

  it('authorizes update-select-values before it validates: 403 for a user without files access', async () => {
    for (const url of ['/api/v1/file/update-select-values?name=planet&value=1', '/api/v1/file/update-select-values']) {
      const response = await app.inject({ url, headers: as.noRole });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
    }
    const bad = await app.inject({
      url: '/api/v1/file/update-select-values?name=planet&value=1',
      headers: as.operator,
    });
    expect(bad.statusCode).toBe(400);
  });
});
