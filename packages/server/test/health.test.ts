import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createS3Storage } from '../src/infra/storage/s3-storage';
import { migrateToLatest } from '../src/infra/db/migrate';
import { DIALECTS } from './helpers/dialects';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';

/** `GET /api/v1/health`: what a load balancer asks each instance before sending it requests. */
describe.each(DIALECTS)('health endpoint (%s)', (dialect) => {
  let t: TestApp;
  let s3: LocalS3;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    s3 = await startLocalS3('mdis-health', 'files');
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('answers 200 without a login when the database and the storage answer, and is never cached', async () => {
    const response = await t.app.inject({ url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 200 on an S3 bucket that exists, 503 naming the storage when the bucket is gone', async () => {
    const database = { db: t.db, dialect, destroy: async () => undefined };
    const healthy = await buildApp(t.config, { database, storage: createS3Storage(s3.config) });
    const missing = await buildApp(t.config, {
      database,
      storage: createS3Storage({ ...s3.config, bucket: 'no-such-bucket' }),
    });
    try {
      expect((await healthy.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
      const down = await missing.inject({ url: '/api/v1/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable' });
    } finally {
      await healthy.close();
      await missing.close();
    }
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const app = await buildApp(testConfig({ database: database.config, dataDir: database.dataDir }), { database });
    try {
      await database.db.destroy();
      const down = await app.inject({ url: '/api/v1/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'unavailable', storage: 'ok' });
    } finally {
      await app.close();
      await database.destroy().catch(() => undefined);
    }
  });
});
