import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ChecksumStream } from './checksum';
import { ownedName, sweepAbandoned } from './leftovers';
import {
  assertSafeKey,
  type FileStorage,
  type PutResult,
  StorageExistsError,
  StorageNotFoundError,
} from './file-storage';

// Temporary files live under the root, on the same file system, so the final rename is atomic.
const TEMP_DIR = '.tmp';

/**
 * Removes `.part` files a killed process left behind: those of a process that is gone, and any
 * older than an hour; another instance sharing the folder may be writing the others right now
 * (leftovers.ts). Returns how many were removed.
 */
export async function sweepStaleTemporaries(root: string, now = Date.now()): Promise<number> {
  return sweepAbandoned(join(resolve(root), TEMP_DIR), (name) => name.endsWith('.part'), now);
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function putFile(
  base: string,
  target: string,
  source: Readable | Buffer,
  exclusive: boolean,
): Promise<PutResult> {
  const temp = join(base, TEMP_DIR, `${ownedName()}.part`);
  await mkdir(dirname(temp), { recursive: true });
  const checksum = new ChecksumStream();
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  try {
    await pipeline(input, checksum, createWriteStream(temp, { flags: 'wx' }));
    await mkdir(dirname(target), { recursive: true });
    // link() fails when the target exists, atomically: the exclusive put cannot replace a file.
    if (exclusive) await link(temp, target);
    else await rename(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageExistsError(relative(base, target));
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
  return { size: checksum.size, md5: checksum.digest() };
}

async function statFile(path: string) {
  try {
    const found = await stat(path);
    return found.isFile() ? { size: found.size, modified: found.mtime } : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Files in a folder (by default `<data dir>/files`): write to a temporary name, then rename. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  // Best effort: a folder that cannot be read now fails loudly on the first real write instead.
  void sweepStaleTemporaries(base).catch(() => undefined);
  const pathOf = (key: string): string => {
    const path = resolve(base, assertSafeKey(key));
    // assertSafeKey already forbids `..`; this double-checks the resolved path itself.
    if (relative(base, path).startsWith('..') || !path.startsWith(base + sep)) throw new Error(`Unsafe key '${key}'.`);
    return path;
  };
  const statOf = async (key: string) => await statFile(pathOf(key));

  return {
    kind: 'local',
    put: async (key, source, options) => await putFile(base, pathOf(key), source, options?.exclusive === true),
    stat: statOf,
    async get(key) {
      if (!(await statOf(key))) throw new StorageNotFoundError(key);
      return createReadStream(pathOf(key));
    },
    exists: async (key) => (await statOf(key)) !== undefined,
    async move(from, to) {
      const source = pathOf(from);
      const target = pathOf(to);
      if (source === target) return;
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(source, target);
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(from);
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      // The folder is made on the first write: before that, its parent must be writable.
      const existing = await stat(base).then(
        () => base,
        () => dirname(base),
      );
      await access(existing, constants.R_OK | constants.W_OK);
    },
  };
}
