import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@mdis/shared';
import type { FastifyRequest } from 'fastify';
import type { SpooledFile } from './files.service';

/** What one multipart upload carried: its files (spooled to disk) and its text fields. */
export interface SpooledUpload {
  files: SpooledFile[];
  fields: Partial<Record<string, string>>;
  /** Removes the temporary files; call it whatever happened. */
  cleanup(): Promise<void>;
}

/** `FilesUploadNewFormModel[uploadPath]` → `uploadPath`, `FilesUploadNewFormModel[files][0]` → `files[0]`. */
export function fieldName(raw: string): string {
  const match = /^FilesUploadNewFormModel\[([^\]]*)\](.*)$/.exec(raw);
  return match ? match.slice(1, 3).join('') : raw;
}

export function tooLarge(filename: string, maxBytes: number): AppError {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 100) / 100;
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file '${filename}' is too large: files may have at most ${String(mb)} MB.`,
  );
}

/**
 * Reads every part of a multipart request. Files go to a private temporary folder as they
 * arrive (the fields may come after them), so nothing reaches the storage before the whole
 * request has been read and checked.
 */
export async function spoolUpload(request: FastifyRequest, maxBytes: number): Promise<SpooledUpload> {
  const dir = await mkdtemp(join(tmpdir(), 'mdis-upload-'));
  const upload: SpooledUpload = { files: [], fields: {}, cleanup: () => rm(dir, { recursive: true, force: true }) };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        upload.fields[fieldName(part.fieldname)] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const path = join(dir, randomBytes(8).toString('hex'));
      try {
        await pipeline(part.file, createWriteStream(path));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.filename, maxBytes);
        throw error;
      }
      if (part.file.truncated) throw tooLarge(part.filename, maxBytes);
      upload.files.push({ path, originalName: part.filename, mimeType: part.mimetype });
    }
  } catch (error) {
    await upload.cleanup();
    throw error;
  }
  return upload;
}
