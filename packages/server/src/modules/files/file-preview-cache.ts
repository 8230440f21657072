import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStorage, StoredObject } from '../../infra/storage/file-storage';

/**
 * Previews made once, kept in the file storage (local folder or S3) next to the originals.
 *
 * One object per file, `preview-cache/<id>.jpg`: the storage cannot list a folder, so a fixed key
 * is what lets deleting a file find (and remove) its preview. Which original a preview was made
 * from is written into the JPEG itself, as a comment segment right after the start marker; a
 * request compares it with the fingerprint of the original as it is now and renders again on any
 * difference. The stored object stays a valid JPEG and is streamed to the browser unchanged.
 */
const CACHE_FOLDER = 'preview-cache';

/** Raise when the preview's look changes (size, quality): every cached preview is then made again. */
const PREVIEW_FORMAT = 1;

const COMMENT_LABEL = 'mdis-preview:';
const SOI = Buffer.from([0xff, 0xd8]);

/** Key of a file's cached preview; the id is a number, so the key cannot leave the storage root. */
export function previewCacheKey(id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(`Invalid file id '${String(id)}'.`);
  return `${CACHE_FOLDER}/${String(id)}.jpg`;
}

export interface PreviewSource {
  /** Where the original is now: an assigned, reassigned or renamed file has another key. */
  key: string;
  /** The original as the storage sees it now: a replaced file has another size or time. */
  stored: StoredObject;
  /** The MD5 the row records (null for rows without one). */
  checksum: string | null;
  /** What else shapes the preview: the file type and the core scan height ('box' for none). */
  variant: string;
}

/** Everything a preview depends on, hashed: equal fingerprints mean the cached preview is current. */
export function previewFingerprint(source: PreviewSource): string {
  const parts = [
    PREVIEW_FORMAT,
    source.key,
    source.stored.size,
    source.stored.modified.getTime(),
    source.checksum,
    source.variant,
  ];
  return createHash('md5').update(JSON.stringify(parts)).digest('hex');
}

/** Start marker, COM marker, the comment's length (two bytes), then label and fingerprint. */
function header(fingerprint: string): Buffer {
  const comment = Buffer.from(`${COMMENT_LABEL}${fingerprint}`, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([SOI, Buffer.from([0xff, 0xfe]), length, comment]);
}

/** The JPEG with its fingerprint as a comment segment after the start marker. */
export function markedJpeg(jpeg: Buffer, fingerprint: string): Buffer {
  if (!jpeg.subarray(0, 2).equals(SOI)) throw new Error('Not a JPEG.');
  return Buffer.concat([header(fingerprint), jpeg.subarray(SOI.length)]);
}

/**
 * The stored object as a stream when it starts with the expected header; otherwise undefined (and
 * the storage stream is closed). Only the first chunks are read before deciding.
 */
async function streamIfCurrent(source: Readable, expected: Buffer): Promise<Readable | undefined> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const read: Buffer[] = [];
  let size = 0;
  while (size < expected.length) {
    const next = await chunks.next();
    if (next.done) break;
    read.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(read);
  if (!head.subarray(0, expected.length).equals(expected)) {
    await chunks.return?.();
    return undefined;
  }
  return Readable.from(
    (async function* rest() {
      yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    })(),
  );
}

/** How many previews sharp has made in this process (tests prove a cached preview is not made again). */
export const previewRenders = { count: 0 };

export function createPreviewCache(storage: FileStorage) {
  return {
    /** The cached preview of file `id` when it was made from the original `fingerprint` names. */
    async read(id: number, fingerprint: string): Promise<Readable | undefined> {
      try {
        return await streamIfCurrent(await storage.get(previewCacheKey(id)), header(fingerprint));
      } catch {
        // A missing or unreadable cache entry is a miss: the preview is made from the original.
        return undefined;
      }
    },

    /**
     * Keeps a freshly made preview and returns the bytes to send (the same as stored). A `put` is
     * atomic, so concurrent first requests each write a whole preview and the last one stays; a
     * failed write only costs the next request another render.
     */
    async write(id: number, fingerprint: string, jpeg: Buffer): Promise<Buffer> {
      previewRenders.count += 1;
      const marked = markedJpeg(jpeg, fingerprint);
      await storage.put(previewCacheKey(id), marked).catch(() => undefined);
      return marked;
    },

    /** Removes the cached preview of a deleted file (best effort: a leftover is never served). */
    async forget(id: number): Promise<void> {
      await storage.delete(previewCacheKey(id)).catch(() => undefined);
    },
  };
}

export type PreviewCache = ReturnType<typeof createPreviewCache>;
