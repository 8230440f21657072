import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ChecksumStream } from './checksum';
import { makeSpoolDir } from './leftovers';
import {
  assertSafeKey,
  type FileStorage,
  type PutResult,
  StorageExistsError,
  StorageNotFoundError,
} from './file-storage';

export interface S3StorageConfig {
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end ('' for none). */
  prefix: string;
  /** S3-compatible endpoint (MinIO, Ceph, ...); unset: AWS. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where streams are spooled before a put (unset: the OS temporary folder). */
  spoolDir?: string;
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // S3-compatible servers do not all know the SDK's newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

interface ObjectRef {
  client: S3Client;
  Bucket: string;
  Key: string;
  /** `If-None-Match: *`: the put fails (412) when the object exists (AWS S3, MinIO). */
  IfNoneMatch?: string;
}

function isPreconditionFailed(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'PreconditionFailed' || e.$metadata?.httpStatusCode === 412;
}

async function putBuffer({ client, ...object }: ObjectRef, body: Buffer): Promise<PutResult> {
  await client.send(new PutObjectCommand({ ...object, Body: body, ContentLength: body.length }));
  return { size: body.length, md5: createHash('md5').update(body).digest('hex') };
}

async function putStream({ client, ...object }: ObjectRef, source: Readable, spoolDir: string): Promise<PutResult> {
  const dir = await makeSpoolDir(spoolDir);
  const spool = join(dir, randomBytes(8).toString('hex'));
  try {
    const checksum = new ChecksumStream();
    await pipeline(source, checksum, createWriteStream(spool));
    await client.send(new PutObjectCommand({ ...object, Body: createReadStream(spool), ContentLength: checksum.size }));
    return { size: checksum.size, md5: checksum.digest() };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Files in an S3-compatible bucket. A PutObject is atomic (the object appears whole or not at
 * all); a stream is first spooled to a temporary file so its length and MD5 are known.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = s3Client(config);
  const Bucket = config.bucket;
  const spoolDir = config.spoolDir ?? join(tmpdir(), 'mdis-spool');
  const keyOf = (key: string) => (config.prefix ? `${config.prefix}/${assertSafeKey(key)}` : assertSafeKey(key));

  async function statOf(key: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    kind: 's3',
    put: async (key, source, options) => {
      // If-None-Match makes the check atomic where the server supports it (AWS S3, MinIO); the
      // HEAD first also covers servers that ignore the header.
      if (options?.exclusive && (await statOf(key))) throw new StorageExistsError(key);
      const ref = { client, Bucket, Key: keyOf(key), ...(options?.exclusive ? { IfNoneMatch: '*' } : {}) };
      try {
        return await (Buffer.isBuffer(source) ? putBuffer(ref, source) : putStream(ref, source, spoolDir));
      } catch (error) {
        if (isPreconditionFailed(error)) throw new StorageExistsError(key);
        throw error;
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!(answer.Body instanceof Readable)) throw new StorageNotFoundError(key);
        return answer.Body;
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },
    stat: statOf,
    exists: async (key) => (await statOf(key)) !== undefined,
    async move(from, to) {
      if (from === to) return;
      const source = `${Bucket}/${keyOf(from).split('/').map(encodeURIComponent).join('/')}`;
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key: keyOf(to), CopySource: source }));
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(from);
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(from) }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
