import type { Readable } from 'node:stream';

/** What a stored object is: its size, and the MD5 of its bytes when the storage knows it. */
export interface StoredObject {
  size: number;
  modified: Date;
}

/** What `put` wrote: the byte count and the MD5 checksum computed while writing. */
export interface PutResult {
  size: number;
  md5: string;
}

/**
 * One place for file bytes, local folder or S3 bucket. Keys are relative paths with `/`
 * separators (`upload/core.jpg`, `photos/original/PH_5065_1.F3.jpg`); every adapter rejects a key
 * that could leave its root. A `put` is all or nothing: readers never see a half-written object.
 */
export interface PutOptions {
  /** Refuse (StorageExistsError) instead of replacing an existing object: two uploads never share a key. */
  exclusive?: boolean;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, source: Readable | Buffer, options?: PutOptions): Promise<PutResult>;
  /** The bytes of a stored object; a missing key is a `StorageNotFoundError`. */
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Renames within the storage; the target is replaced. */
  move(from: string, to: string): Promise<void>;
  /** Removes an object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when the storage cannot be reached (the health check): the folder or the bucket is gone. */
  check(): Promise<void>;
}

export class StorageExistsError extends Error {
  constructor(readonly key: string) {
    super(`A stored file already exists at '${key}'.`);
    this.name = 'StorageExistsError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file at '${key}'.`);
    this.name = 'StorageNotFoundError';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9 ._()+,=@-]*$/;

/**
 * A key is a chain of plain names: no absolute paths, no `..`, no backslashes, nothing hidden.
 * Callers build keys from sanitised names; this is the last line that keeps a bug from escaping
 * the storage root.
 */
export function assertSafeKey(key: string): string {
  const segments = key.split('/');
  const ok = key.length > 0 && key.length <= 1024 && segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s));
  if (!ok) throw new Error(`Unsafe storage key '${key}'.`);
  return key;
}
