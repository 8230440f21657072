import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { createS3Storage } from '../src/infra/storage/s3-storage';
import type { FileStorage } from '../src/infra/storage/file-storage';
import { fileKey } from '../src/modules/files/file-keys';
import { previewCacheKey, previewRenders } from '../src/modules/files/file-preview-cache';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createClient, drillingChain, type FilesClient, type Headers, imageFixtures, type Row } from './files-fixture';

/**
 * The whole files API with S3-compatible storage (a real s3rver on loopback), and the built web
 * app in place: its static files must not swallow `files/{id}`.
 */
describe.each(DIALECTS)('files API on S3 storage (%s)', (dialect) => {
  let database: TestDatabase;
  let s3: LocalS3;
  let storage: FileStorage;
  let webDist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let client: FilesClient;
  let operator: Headers;

  beforeAll(async () => {
    s3 = await startLocalS3('mdis-files', 'site-a/files');
    storage = createS3Storage(s3.config);
    webDist = mkdtempSync(join(tmpdir(), 'mdis-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>mDIS</title>');
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    app = await buildApp(config, { database, storage, webDistDir: webDist });
    client = createClient(app);
    operator = (await signedInUser(app, database.db, { roles: ['operator'] })).headers;
    // Seeding the drilling model is slow on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await s3.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('uploads into the bucket under the file id, assigns and unassigns (the object stays), previews', async () => {
    const admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
    const chain = await drillingChain(client, admin, '5065');
    const { jpeg } = await imageFixtures();
    const file = await client.uploaded('core.jpg', jpeg, operator);
    const key = fileKey(file.id);
    expect(await storage.exists(key)).toBe(true);

    const { items } = await client.json<{ items: Row[] }>('POST', '/api/v1/file/assign', operator, {
      ids: [file.id],
      type: 'PH',
      core_id: chain.core.id,
    });
    expect(items[0]).toMatchObject({ type: 'PH', core_id: chain.core.id });
    expect(await storage.exists(key)).toBe(true);

    const preview = await app.inject({ url: `/files/${String(file.id)}`, headers: operator });
    expect(preview.statusCode).toBe(200);
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(1000);
    const original = await app.inject({ url: `/files/original/${String(file.id)}`, headers: operator });
    expect(original.rawPayload.equals(jpeg)).toBe(true);

    await client.json('PUT', `/api/v1/file/unassign/${String(file.id)}`, operator);
    expect((await text(await storage.get(key))).length).toBeGreaterThan(0);
  });

  it('keeps a made preview in the bucket, makes a new one for a replaced original, deletes it with the file', async () => {
    const { png, tiff } = await imageFixtures();
    const file = await client.uploaded('cached.png', png, operator);
    const url = `/files/${String(file.id)}`;
    const cacheKey = previewCacheKey(Number(file.id));
    const before = previewRenders.count;
    const first = await app.inject({ url, headers: operator });
    expect(first.statusCode).toBe(200);
    expect(await storage.exists(cacheKey)).toBe(true);
    const second = await app.inject({ url, headers: operator });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(previewRenders.count).toBe(before + 1);

    await storage.put(fileKey(file.id), await sharp(tiff).png().toBuffer());
    const replaced = await app.inject({ url, headers: operator });
    const meta = await sharp(replaced.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 1000]);
    expect(previewRenders.count).toBe(before + 2);

    await client.json('POST', '/api/v1/file/delete', operator, { ids: [file.id] });
    expect(await storage.exists(cacheKey)).toBe(false);
    expect(await storage.exists(fileKey(file.id))).toBe(false);
  });

  it('keeps file routes reachable next to the web app', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>mDIS</title>');
    const preview = await app.inject({ url: '/files/1' });
    expect(preview.statusCode).toBe(401);
    expect(preview.json()).toMatchObject({ status: 401 });
    expect((await app.inject({ url: '/files/original/1' })).statusCode).toBe(401);
    const docs = await app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json<{ paths: Row }>().paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/file/',
        '/api/v1/file/upload',
        '/api/v1/file/assign',
        '/files/{id}',
        '/files/original/{id}',
      ]),
    );
  });
});
