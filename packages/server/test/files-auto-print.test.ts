import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

type Headers = Record<string, string>;

/** `PUT api/v1/file/auto-print-image`: label images stored for the printer's spooler. */
describe.each(DIALECTS)('files: auto-print-image (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const as: Record<'operator' | 'viewer' | 'readOnly', Headers> = {} as never;
  let png: Buffer;
  let jpeg: Buffer;
  const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    app = await buildApp(testConfig({ database: database.config, dataDir: database.dataDir }), { database });
    as.operator = (await signedInUser(app, database.db, { roles: ['operator'] })).headers;
    as.viewer = (await signedInUser(app, database.db, { roles: ['viewer'] })).headers;
    as.readOnly = (await signedInUser(app, database.db, { roles: ['operator', 'readOnly'] })).headers;
    const label = sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 255, g: 255, b: 255 } } });
    png = await label.clone().png().toBuffer();
    jpeg = await label.clone().jpeg().toBuffer();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const put = (payload: object, headers: Headers = as.operator) =>
    app.inject({ method: 'PUT', url: '/api/v1/file/auto-print-image', headers, payload });
  const folder = (report: string) => join(database.dataDir, 'files', 'auto-print', report);
  const stored = (report: string) => {
    try {
      return readdirSync(folder(report)).sort();
    } catch {
      return [];
    }
  };

  it('stores the images of an auto-print report for the spooler and answers their keys', async () => {
    const response = await put({ reportName: 'SampleQrCodes', images: [dataUrl('png', png), dataUrl('jpeg', jpeg)] });
    expect(response.statusCode, response.body).toBe(200);
    const { saved } = response.json<{ saved: string[] }>();
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatch(/^auto-print\/SampleQrCodes\/\d{8}T\d{9}Z-1\.png$/);
    expect(saved[1]).toMatch(/^auto-print\/SampleQrCodes\/\d{8}T\d{9}Z-2\.jpg$/);
    const files = stored('SampleQrCodes');
    expect(files).toEqual(saved.map((key) => key.split('/').at(-1)));
    expect(readFileSync(join(folder('SampleQrCodes'), files[0])).equals(png)).toBe(true);
    expect(readFileSync(join(folder('SampleQrCodes'), files[1])).equals(jpeg)).toBe(true);
  });

  it('refuses with a clear 400 what is not a report that can auto-print, or not a PNG/JPEG image', async () => {
    const cases: [object, string][] = [
      [{ reportName: 'NoSuchReport', images: [dataUrl('png', png)] }, "reportName: there is no report 'NoSuchReport'."],
      [{ reportName: 'List', images: [dataUrl('png', png)] }, "reportName: the report 'List' cannot auto-print."],
      [
        { reportName: 'CoreQrCodes', images: [dataUrl('png', png), 'http://example.org/x.png'] },
        'images[1]: a data URL of a PNG or JPEG image is expected.',
      ],
      [
        { reportName: 'CoreQrCodes', images: [dataUrl('png', jpeg)] },
        'images[0]: the content is not a PNG or JPEG image.',
      ],
      [
        { reportName: 'CoreQrCodes', images: [dataUrl('gif', Buffer.from('GIF89a'))] },
        'images[0]: a data URL of a PNG or JPEG image is expected.',
      ],
      [
        { reportName: 'CoreQrCodes', images: [dataUrl('jpeg', Buffer.from('<svg onload="x"/>'))] },
        'images[0]: the content is not a PNG or JPEG image.',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    // An image over 5 MB (its base64 alone says so).
    const huge = `data:image/png;base64,${'A'.repeat(7 * 1024 * 1024)}`;
    const tooLarge = await put({ reportName: 'CoreQrCodes', images: [huge] });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json<{ message: string }>().message).toBe('images[0]: larger than 5 MB.');
    // The whole request is limited too (32 MB): refused before it is parsed.
    const many = Array.from({ length: 8 }, () => huge);
    expect((await put({ reportName: 'CoreQrCodes', images: many })).statusCode).toBe(413);
    // No image at all, or no report name: the body's schema refuses it (4xx, never 500).
    for (const payload of [{ reportName: 'CoreQrCodes', images: [] }, { images: [dataUrl('png', png)] }]) {
      const response = await put(payload);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    // Every image is checked before the first is stored: nothing of a refused request is left.
    expect(stored('CoreQrCodes')).toEqual([]);
  });

  it('is for signed-in operators only: not viewers, read-only users or anonymous callers', async () => {
    const payload = { reportName: 'CoreQrCodes', images: [dataUrl('png', png)] };
    expect((await put(payload, as.viewer)).statusCode).toBe(403);
    expect((await put(payload, as.readOnly)).statusCode).toBe(403);
    expect((await put(payload, {})).statusCode).toBe(401);
    expect(stored('CoreQrCodes')).toEqual([]);
  });
});
