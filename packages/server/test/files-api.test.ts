import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { asDynamic } from '../src/engine/records/dynamic-db';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { createFilesRepository } from '../src/modules/files/files.repository';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import {
  createClient,
  drillingChain,
  type FilesClient,
  type Headers,
  imageFixtures,
  type Row,
  uploadParts,
} from './files-fixture';

const MAX_BYTES = 1024 * 1024;
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** The files API (issue 6 item 2) on a real database and the local file storage. */
describe.each(DIALECTS)('files API (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let client: FilesClient;
  let images: Awaited<ReturnType<typeof imageFixtures>>;
  let root: string;
  const as: Record<'admin' | 'operator' | 'viewer' | 'readOnly' | 'limited', Headers> = {} as never;
  let chain: Awaited<ReturnType<typeof drillingChain>>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir, uploadMaxBytes: MAX_BYTES });
    await seedDatabase(database, config);
    app = await buildApp(config, { database });
    root = join(database.dataDir, 'files');
    client = createClient(app);
    images = await imageFixtures();
    as.admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
    as.operator = (await signedInUser(app, database.db, { roles: ['operator'] })).headers;
    as.viewer = (await signedInUser(app, database.db, { roles: ['viewer'] })).headers;
    as.readOnly = (await signedInUser(app, database.db, { roles: ['operator', 'readOnly'] })).headers;
    as.limited = (await signedInUser(app, database.db, { roles: [], permissions: ['records:5066:view'] })).headers;
    chain = await drillingChain(client, as.admin, '5065');
    await drillingChain(client, as.admin, '5066', chain.program);
    // Seeding the drilling model and two chains is slow on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const stored = (key: string) => join(root, ...key.split('/'));
  const uploadArea = () =>
    client.json<{ items: Row[] }>('GET', '/api/v1/file?filter[parent_combined_id]===NULL&per-page=-1', as.admin);

  it('uploads a file into the upload area with its size, MD5, MIME type and image facts', async () => {
    const row = await client.uploaded('core photo 1.jpg', images.jpeg, as.operator);
    expect(row).toMatchObject({
      type: 'UN',
      filename: 'core_photo_1.jpg',
      original_filename: 'core photo 1.jpg',
      filesize: images.jpeg.length,
      checksum: md5(images.jpeg),
      mime_type: 'image/jpeg',
      parent_combined_id: null,
      core_id: null,
    });
    expect(JSON.parse(String(row.metadata))).toMatchObject({ width: 1600, height: 1200 });
    expect(readFileSync(stored(`archive/${String(row.id)}`)).equals(images.jpeg)).toBe(true);
    expect((await uploadArea()).items.map((r) => r.id)).toContain(row.id);
  });

  it('keeps both files when a name is uploaded twice', async () => {
    const first = await client.uploaded('twice.png', images.png, as.operator);
    const second = await client.uploaded('twice.png', images.png, as.operator);
    expect([first.filename, second.filename]).toEqual(['twice.png', 'twice_1.png']);
    expect(existsSync(stored(`archive/${String(second.id)}`))).toBe(true);
  });

  it('gives parallel uploads of one name distinct names, none overwriting another', async () => {
    // eight at once: each names itself while the others are between picking a free name and taking it
    const contents = Array.from({ length: 8 }, (_, i) => Buffer.from(`parallel ${String(i)}`));
    const rows = await Promise.all(contents.map((data) => client.uploaded('same.txt', data, as.operator)));
    const names = rows.map((row) => String(row.filename));
    expect(new Set(names).size).toBe(8);
    for (const [index, row] of rows.entries()) {
      expect(readFileSync(stored(`archive/${String(row.id)}`)).equals(contents[index] as Buffer)).toBe(true);
    }
  });

  it('renames an upload whose name a newer upload took while its own row was not yet committed', async () => {
    // ids are given at INSERT and commits come in any order: the newer upload named itself first
    const newer = await client.uploaded('race.txt', Buffer.from('newer'), as.operator);
    const rows = asDynamic(database.db);
    const { min } = await rows
      .selectFrom('archive_file')
      .select((eb) => eb.fn.min('id').as('min'))
      .executeTakeFirstOrThrow();
    const olderId = Number(min) - 1;
    await rows
      .insertInto('archive_file')
      .values({ ...newer, id: olderId, original_filename: 'race.txt' })
      .execute();
    const files = createFilesRepository(database.db, createTemplateStore(database.db), dialect);
    const name = await files.distinctName(olderId, 'race.txt');
    expect(name).not.toBe('race.txt');
    const names = await rows
      .selectFrom('archive_file')
      .select('filename')
      .where('id', 'in', [olderId, Number(newer.id)])
      .execute();
    expect(new Set(names.map((row) => row.filename)).size).toBe(2);
    await rows.deleteFrom('archive_file').where('id', '=', olderId).execute();
  });

  it('sanitises file names: a path in the name cannot leave the upload area', async () => {
    const row = await client.uploaded('../../../etc/passwd', Buffer.from('root:x:0:0'), as.operator);
    expect(row.filename).toBe('passwd');
    expect(existsSync(stored(`archive/${String(row.id)}`))).toBe(true);
    const windows = await client.uploaded('C:\\Users\\me\\..\\evil name.txt', Buffer.from('x'), as.operator);
    expect(windows.filename).toBe('evil_name.txt');
  });

  it('refuses an uploadPath that tries to leave the upload area, storing nothing', async () => {
    const before = (await uploadArea()).items.length;
    const parts = uploadParts('a.txt', Buffer.from('x')).map((p) =>
      p.name.endsWith('[uploadPath]') ? { ...p, value: '../../etc' } : p,
    );
    const response = await client.upload(parts, as.operator);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid upload path.', status: 400 });
    expect((await uploadArea()).items).toHaveLength(before);
  });

  it('accepts only types of the UPLOAD_FILE_TYPE list', async () => {
    const before = (await uploadArea()).items.length;
    const response = await client.upload(uploadParts('a.txt', Buffer.from('x'), { type: 'XX' }), as.operator);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([
      { field: 'type', message: expect.stringContaining('UPLOAD_FILE_TYPE') as string },
    ]);
    expect((await uploadArea()).items).toHaveLength(before);
    const typed = await client.uploaded('doc.pdf', Buffer.from('%PDF-1.4'), as.operator, { type: 'DO' });
    expect(typed).toMatchObject({ type: 'DO', mime_type: 'application/pdf' });
  });

  it('answers 413 with a clear message for a file over the size limit, storing nothing', async () => {
    const before = (await uploadArea()).items.length;
    const response = await client.upload(uploadParts('huge.bin', Buffer.alloc(MAX_BYTES + 1, 1)), as.operator);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      status: 413,
      message: "The file 'huge.bin' is too large: files may have at most 1 MB.",
    });
    expect((await uploadArea()).items).toHaveLength(before);
    expect(existsSync(stored('upload'))).toBe(false);
  });

  it('lets no viewer, read-only or limited viewer upload (403), nor anyone without login (401)', async () => {
    for (const headers of [as.viewer, as.readOnly, as.limited]) {
      const response = await client.upload(uploadParts('v.txt', Buffer.from('x')), headers);
      expect(response.statusCode).toBe(403);
    }
    expect((await client.upload(uploadParts('v.txt', Buffer.from('x')), {})).statusCode).toBe(401);
    expect((await uploadArea()).items.filter((row) => row.filename === 'v.txt')).toEqual([]);
  });

  it('reads size, MIME type, dimensions and the EXIF date (meta-data)', async () => {
    const meta = await client.json('GET', '/api/v1/file/meta-data?filename=core_photo_1.jpg', as.viewer);
    expect(meta).toMatchObject({
      filename: 'core_photo_1.jpg',
      filesize: images.jpeg.length,
      mime_type: 'image/jpeg',
      width: 1600,
      height: 1200,
      exif_date: expect.stringMatching(/^2024-05-03T/) as string,
    });
    const missing = await app.inject({ url: '/api/v1/file/meta-data?filename=nope.jpg', headers: as.viewer });
    expect(missing.statusCode).toBe(404);
  });

  it('offers the cascading selects of the assign dialog', async () => {
    const roots = await client.json<Record<string, Row[]>>('GET', '/api/v1/file/update-select-values', as.operator);
    expect(roots.expedition.map((o) => o.text)).toEqual(['EXP5065', 'EXP5066']);
    const sites = await client.json<Record<string, Row[]>>(
      'GET',
      `/api/v1/file/update-select-values?name=expedition&value=${String(chain.expedition.id)}`,
      as.operator,
    );
    expect(sites).toEqual({ site: [{ value: chain.site.id, text: '1' }], sampleRequest: [] });
    const cores = await client.json<Record<string, Row[]>>(
      'GET',
      `/api/v1/file/update-select-values?name=hole&value=${String(chain.hole.id)}`,
      as.operator,
    );
    expect(cores.core).toEqual([{ value: chain.core.id, text: '1' }]);
    const limited = await client.json<Record<string, Row[]>>('GET', '/api/v1/file/update-select-values', as.limited);
    expect(limited.expedition.map((o) => o.text)).toEqual(['EXP5066']);
    const bad = await app.inject({
      url: '/api/v1/file/update-select-values?name=planet&value=1',
      headers: as.operator,
    });
    expect(bad.statusCode).toBe(400);
  });
});
