import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { createLocalStorage } from '../src/infra/storage/local-storage';
import { fileKey } from '../src/modules/files/file-keys';
import {
  markedJpeg,
  previewCacheKey,
  previewFingerprint,
  previewRenders,
} from '../src/modules/files/file-preview-cache';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createClient, drillingChain, type FilesClient, type Headers, imageFixtures, type Row } from './files-fixture';

describe('preview cache keys and fingerprints', () => {
  it('keeps every cached preview in its own folder, by file id only', () => {
    expect(previewCacheKey(42)).toBe('preview-cache/42.jpg');
    for (const id of [-1, 1.5, Number.NaN]) expect(() => previewCacheKey(id)).toThrow();
  });

  it('changes the fingerprint with anything the preview depends on', () => {
    const source = {
      key: 'upload/a.jpg',
      stored: { size: 10, modified: new Date('2026-01-01T00:00:00Z') },
      checksum: 'c',
      variant: 'PH-box',
    };
    const prints = [
      source,
      { ...source, key: 'photos/original/a.jpg' },
      { ...source, stored: { ...source.stored, size: 11 } },
      { ...source, stored: { ...source.stored, modified: new Date('2026-01-01T00:00:01Z') } },
      { ...source, checksum: null },
      { ...source, variant: 'CS-399' },
    ].map(previewFingerprint);
    expect(new Set(prints).size).toBe(prints.length);
  });

  it('writes the fingerprint into a JPEG that still decodes', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const marked = markedJpeg(jpeg, 'f'.repeat(32));
    expect(marked.includes(Buffer.from(`mdis-preview:${'f'.repeat(32)}`))).toBe(true);
    expect(await size(marked)).toEqual(['jpeg', 8, 4]);
  });
});

const size = async (jpeg: Buffer) => {
  const meta = await sharp(jpeg).metadata();
  return [meta.format, meta.width, meta.height];
};

/** Previews are made once and kept in the file storage (local folder here; S3 in files-s3.test.ts). */
describe.each(DIALECTS)('files: preview cache on local storage (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let client: FilesClient;
  let images: Awaited<ReturnType<typeof imageFixtures>>;
  let root: string;
  let operator: Headers;
  let viewer: Headers;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    app = await buildApp(config, { database });
    root = join(database.dataDir, 'files');
    client = createClient(app);
    images = await imageFixtures();
    operator = (await signedInUser(app, database.db, { roles: ['operator'] })).headers;
    viewer = (await signedInUser(app, database.db, { roles: ['viewer'] })).headers;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const cached = (id: unknown) => join(root, ...previewCacheKey(Number(id)).split('/'));
  const preview = async (id: unknown, headers = viewer) => {
    const response = await app.inject({ url: `/files/${String(id)}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    return response.rawPayload;
  };

  it('makes a preview once and serves the stored one from then on', async () => {
    const file = await client.uploaded('once.png', images.png, operator);
    expect(existsSync(cached(file.id))).toBe(false);
    const before = previewRenders.count;
    const first = await preview(file.id);
    expect(await size(first)).toEqual(['jpeg', 1000, 667]);
    expect(readFileSync(cached(file.id)).equals(first)).toBe(true);

    const second = await preview(file.id);
    expect(second.equals(first)).toBe(true);
    expect(previewRenders.count).toBe(before + 1);
  });

  it('gives concurrent first requests the same whole preview, and stores a whole one', async () => {
    const file = await client.uploaded('busy.jpg', images.jpeg, operator);
    const answers = await Promise.all([1, 2, 3, 4].map(() => preview(file.id)));
    for (const answer of answers) expect(answer.equals(answers[0])).toBe(true);
    expect(await size(readFileSync(cached(file.id)))).toEqual(['jpeg', 1000, 750]);
    const before = previewRenders.count;
    expect((await preview(file.id)).equals(answers[0])).toBe(true);
    expect(previewRenders.count).toBe(before);
  });

  it('makes a new preview when the original is replaced in the storage', async () => {
    const file = await client.uploaded('replaced.png', images.png, operator);
    expect(await size(await preview(file.id))).toEqual(['jpeg', 1000, 667]);
    // Same key, other bytes: a tall image instead of the wide one.
    await createLocalStorage(root).put(fileKey(file.id), await sharp(images.tiff).png().toBuffer());
    expect(await size(await preview(file.id))).toEqual(['jpeg', 200, 1000]);
  });

  it('makes a new preview when the file is assigned (moved, renamed, scaled as a core scan)', async () => {
    const admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
    const chain = await drillingChain(client, admin, '5065');
    const file = await client.uploaded('scan.png', images.png, operator);
    expect(await size(await preview(file.id))).toEqual(['jpeg', 1000, 667]);
    const { items } = await client.json<{ items: Row[] }>('POST', '/api/v1/file/assign', operator, {
      ids: [file.id],
      type: 'CS',
      core_id: chain.core.id,
    });
    expect(items[0]?.filename).not.toBe('scan.png');
    const before = previewRenders.count;
    // Core scans are as tall as the unrolled core: 63.5 mm × π × 2.
    expect(await size(await preview(file.id))).toEqual(['jpeg', 599, 399]);
    expect(previewRenders.count).toBe(before + 1);

    await client.json('PUT', `/api/v1/file/unassign/${String(file.id)}`, operator);
    expect(await size(await preview(file.id))).toEqual(['jpeg', 1000, 667]);
  }, 60_000);

  it('checks the permission before the cache, and removes the cached preview with the file', async () => {
    const file = await client.uploaded('gone.jpg', images.jpeg, operator);
    await preview(file.id);
    expect(existsSync(cached(file.id))).toBe(true);
    const nobody = (await signedInUser(app, database.db, { roles: [] })).headers;
    expect((await app.inject({ url: `/files/${String(file.id)}`, headers: nobody })).statusCode).toBe(403);
    expect((await app.inject({ url: `/files/${String(file.id)}` })).statusCode).toBe(401);

    await client.json('POST', '/api/v1/file/delete', operator, { ids: [file.id] });
    expect(existsSync(cached(file.id))).toBe(false);
    expect((await app.inject({ url: `/files/${String(file.id)}`, headers: viewer })).statusCode).toBe(404);
  });

  it('caches no preview for files that are no image', async () => {
    const doc = await client.uploaded('notes.txt', Buffer.from('core notes'), operator);
    const response = await app.inject({ url: `/files/${String(doc.id)}`, headers: viewer });
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(existsSync(cached(doc.id))).toBe(false);
  });
});
