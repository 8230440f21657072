import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Dialect } from '../src/infra/db/dialect';
import { migrateToLatest } from '../src/infra/db/migrate';
import type { FileStorage } from '../src/infra/storage/file-storage';
import { createLocalStorage } from '../src/infra/storage/local-storage';
import { createS3Storage } from '../src/infra/storage/s3-storage';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createClient, drillingChain, type FilesClient, type Headers, type Row } from './files-fixture';

const CASES = DIALECTS.flatMap((dialect) => (['local', 's3'] as const).map((kind) => [dialect, kind] as const));

/**
 * Issue 16 finding 2 and the file part of 8: the bytes a file record serves and deletes are its
 * own, whatever a client writes into the row; deleting a row through any API removes its bytes.
 */
describe.each(CASES)(
  'files: a record serves and deletes only its own bytes (%s, %s storage)',
  (dialect: Dialect, kind) => {
    let database: TestDatabase;
    let s3: LocalS3 | undefined;
    let storage: FileStorage;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let client: FilesClient;
    const as: Record<'admin' | 'editor5065' | 'viewer5065', Headers> = {} as never;
    let chains: Record<'a' | 'b', Awaited<ReturnType<typeof drillingChain>>>;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await migrateToLatest(database.db);
      const config = testConfig({ database: database.config, dataDir: database.dataDir });
      await seedDatabase(database, config);
      if (kind === 's3') {
        s3 = await startLocalS3('mdis-keys', 'files');
        storage = createS3Storage(s3.config);
      } else {
        storage = createLocalStorage(`${database.dataDir}/files`);
      }
      app = await buildApp(config, { database, storage });
      client = createClient(app);
      as.admin = (await signedInUser(app, database.db, { roles: ['administrator'] })).headers;
      as.editor5065 = (await signedInUser(app, database.db, { roles: [], permissions: ['records:5065:edit'] })).headers;
      as.viewer5065 = (await signedInUser(app, database.db, { roles: [], permissions: ['records:5065:view'] })).headers;
      const a = await drillingChain(client, as.admin, '5065');
      chains = { a, b: await drillingChain(client, as.admin, '7002', a.program) };
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await database.destroy();
      await s3?.stop();
    });

    const original = (id: unknown, headers: Headers) => app.inject({ url: `/files/original/${String(id)}`, headers });
    const assigned = async (name: string, data: Buffer, coreId: unknown) => {
      const file = await client.uploaded(name, data, as.admin);
      const { items } = await client.json<{ items: Row[] }>('POST', '/api/v1/file/assign', as.admin, {
        ids: [file.id],
        type: 'PH',
        core_id: coreId,
      });
      return items[0];
    };
    const putFilename = (id: unknown, filename: string, headers: Headers) =>
      app.inject({ method: 'PUT', url: `/api/v1/form/${String(id)}?name=files`, headers, payload: { filename } });

    it('keeps serving a record its own bytes when its filename names another expedition’s file', async () => {
      const secret = await assigned('secret.jpg', Buffer.from('7002 only'), chains.b.core.id);
      const mine = await assigned('mine.jpg', Buffer.from('5065 bytes'), chains.a.core.id);
      const edit = await putFilename(mine.id, String(secret.filename), as.editor5065);
      expect(edit.statusCode, edit.body).toBe(200);
      for (const headers of [as.editor5065, as.viewer5065, as.admin]) {
        const answer = await original(mine.id, headers);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.body).toBe('5065 bytes');
      }
      // Deleting the redirected row deletes its own bytes only.
      await client.json('POST', '/api/v1/file/delete', as.admin, { ids: [mine.id] });
      const kept = await original(secret.id, as.admin);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.body).toBe('7002 only');
    });

    it.each(['../../etc/passwd', 'photos/original/x.jpg', '.hidden', 'a\\b.jpg', 'x..y.jpg'])(
      'refuses the file name %s with 422 when it is written, changing nothing',
      async (filename) => {
        const file = await assigned('plain.jpg', Buffer.from('plain'), chains.a.core.id);
        const answer = await putFilename(file.id, filename, as.admin);
        expect(answer.statusCode, answer.body).toBe(422);
        expect(answer.json()).toEqual([
          { field: 'filename', message: "File name may not contain '/', '\\' or '..', nor start with a dot." },
        ]);
        const row = await client.json('GET', `/api/v1/form/${String(file.id)}?name=files`, as.admin);
        expect(row.filename).toBe(file.filename);
        expect((await original(file.id, as.admin)).body).toBe('plain');
      },
    );

    it('removes the bytes of a file deleted through the records API (DELETE form/{id}?name=files)', async () => {
      const file = await client.uploaded('gone.txt', Buffer.from('delete me'), as.admin);
      const before = await storage.stat(`archive/${String(file.id)}`);
      expect(before?.size).toBe(9);
      const answer = await app.inject({
        method: 'DELETE',
        url: `/api/v1/form/${String(file.id)}?name=files`,
        headers: as.admin,
      });
      expect(answer.statusCode, answer.body).toBe(204);
      expect(await storage.exists(`archive/${String(file.id)}`)).toBe(false);
      expect((await original(file.id, as.admin)).statusCode).toBe(404);
    });
  },
);
