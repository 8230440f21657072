import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Row } from '../../engine/records/dynamic-db';
import { imageFacts } from './file-images';

export function numberOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** `meta-data`: what the row records plus what the bytes tell (image size, EXIF date). */
export async function describeFile(row: Row, bytes: Readable) {
  // sharp and exifr read files; S3 objects are copied to a private temporary folder first.
  const dir = await mkdtemp(join(tmpdir(), 'mdis-meta-'));
  try {
    const path = join(dir, 'file');
    await pipeline(bytes, createWriteStream(path));
    const facts = await imageFacts(path);
    return {
      id: Number(row.id),
      filename: String(row.filename),
      original_filename: String(row.original_filename),
      filesize: numberOf(row.filesize) ?? 0,
      mime_type: typeof row.mime_type === 'string' ? row.mime_type : '',
      checksum: typeof row.checksum === 'string' ? row.checksum : null,
      width: facts.width,
      height: facts.height,
      exif_date: facts.exifDate,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
