import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, StorageExistsError, StorageNotFoundError } from '../src/infra/storage/file-storage';
import { createLocalStorage, sweepStaleTemporaries } from '../src/infra/storage/local-storage';
import { createS3Storage } from '../src/infra/storage/s3-storage';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';

const md5 = (value: string | Buffer) => createHash('md5').update(value).digest('hex');

interface Adapter {
  storage: FileStorage;
  stop(): Promise<void>;
}

async function localAdapter(): Promise<Adapter> {
  const root = mkdtempSync(join(tmpdir(), 'mdis-storage-'));
  return { storage: createLocalStorage(root), stop: async () => rmSync(root, { recursive: true, force: true }) };
}

async function s3Adapter(): Promise<Adapter> {
  const s3: LocalS3 = await startLocalS3();
  return { storage: createS3Storage(s3.config), stop: () => s3.stop() };
}

/** The one storage contract, run against the local folder and against a real S3 server (s3rver). */
describe.each([
  ['local', localAdapter],
  ['s3', s3Adapter],
] as const)('file storage (%s)', (_name, start) => {
  let adapter: Adapter;
  let storage: FileStorage;

  beforeAll(async () => {
    adapter = await start();
    storage = adapter.storage;
  });
  afterAll(async () => adapter.stop());

  it('stores a buffer and a stream with their size and MD5, and reads them back', async () => {
    const fromBuffer = await storage.put('upload/core photo.jpg', Buffer.from('buffer bytes'));
    expect(fromBuffer).toEqual({ size: 12, md5: md5('buffer bytes') });

    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const fromStream = await storage.put(
      'photos/original/PH_5065_1.F1.jpg',
      Readable.from([big.subarray(0, 5), big.subarray(5)]),
    );
    expect(fromStream).toEqual({ size: big.length, md5: md5(big) });

    expect(await text(await storage.get('upload/core photo.jpg'))).toBe('buffer bytes');
    expect((await storage.stat('photos/original/PH_5065_1.F1.jpg'))?.size).toBe(big.length);
    expect(await storage.exists('upload/core photo.jpg')).toBe(true);
    expect(await storage.exists('upload/other.jpg')).toBe(false);
    expect(await storage.stat('upload/other.jpg')).toBeUndefined();
  });

  it('moves (replacing the target) and deletes; a missing key is a StorageNotFoundError', async () => {
    await storage.put('upload/a.txt', Buffer.from('first'));
    await storage.put('upload/b.txt', Buffer.from('second'));
    await storage.move('upload/a.txt', 'documents/original/b.txt');
    await storage.move('upload/b.txt', 'documents/original/b.txt');
    expect(await text(await storage.get('documents/original/b.txt'))).toBe('second');
    expect(await storage.exists('upload/a.txt')).toBe(false);

    await storage.delete('documents/original/b.txt');
    await storage.delete('documents/original/b.txt');
    await expect(storage.get('documents/original/b.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.move('upload/none.txt', 'upload/x.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('never replaces an object with an exclusive put', async () => {
    await storage.put('upload/once.txt', Buffer.from('first'), { exclusive: true });
    await expect(storage.put('upload/once.txt', Buffer.from('second'), { exclusive: true })).rejects.toBeInstanceOf(
      StorageExistsError,
    );
    expect(await text(await storage.get('upload/once.txt'))).toBe('first');
  });

  it('leaves nothing behind when the source stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('upload/broken.bin', failing)).rejects.toThrow('client went away');
    expect(await storage.exists('upload/broken.bin')).toBe(false);
  });

  it.each(['../escape.txt', 'upload/../../escape.txt', '/etc/passwd', 'upload\\..\\x', '.tmp/x', 'upload//x', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe/);
      await expect(storage.exists(key)).rejects.toThrow(/Unsafe/);
      await expect(storage.move('upload/a.txt', key)).rejects.toThrow(/Unsafe/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe/);
    },
  );
});

describe('local storage temporaries', () => {
  it('removes .part files a crashed write left behind an hour ago, and keeps young ones', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mdis-storage-'));
    try {
      mkdirSync(join(root, '.tmp'));
      const stale = join(root, '.tmp', 'crashed.part');
      const young = join(root, '.tmp', 'writing.part');
      writeFileSync(stale, 'half');
      writeFileSync(young, 'half');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(stale, twoHoursAgo, twoHoursAgo);
      expect(await sweepStaleTemporaries(root)).toBe(1);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(young)).toBe(true);
      expect(await sweepStaleTemporaries(join(root, 'missing'))).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
