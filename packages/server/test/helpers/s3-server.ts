import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver ships no type declarations; the part used here is typed below.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/infra/storage/s3-storage';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

export interface LocalS3 {
  config: S3StorageConfig;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket. */
export async function startLocalS3(bucket = 'mdis-test', prefix = 'files'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'mdis-s3rver-'));
  const server = new (S3rver as S3rverConstructor)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      prefix,
      endpoint: `http://127.0.0.1:${String(port)}`,
      region: 'us-east-1',
      forcePathStyle: true,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
