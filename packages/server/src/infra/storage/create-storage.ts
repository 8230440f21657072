import { createLocalStorage } from './local-storage';
import type { FileStorage } from './file-storage';
import { createS3Storage, type S3StorageConfig } from './s3-storage';

/** Where file bytes go: a local folder (default `<data dir>/files`) or an S3-compatible bucket. */
export type StorageConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3StorageConfig);

export function createStorage(config: StorageConfig): FileStorage {
  if (config.kind === 'local') return createLocalStorage(config.root);
  const { kind: _kind, ...s3 } = config;
  return createS3Storage(s3);
}
