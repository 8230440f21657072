import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@mdis/shared';
import type { FastifyRequest } from 'fastify';
import { readingMultipart } from '../../infra/http/multipart-errors';
import { makeSpoolDir } from '../../infra/storage/leftovers';
import type { SpooledFile } from './files.service';

/** What one multipart upload carried: its files (spooled to disk) and its text fields. */
export interface SpooledUpload {
  files: SpooledFile[];
  fields: Partial<Record<string, string>>;
  /** Removes the temporary files; call it whatever happened. */
  cleanup(): Promise<void>;
}

export interface UploadLimits {
  /** The largest single file (the plugin stops reading it beyond). */
  maxFileBytes: number;
  /** All files of one request together. */
  maxRequestBytes: number;
  /** Where requests spool their files (one folder per request, named after the process). */
  spoolRoot: string;
}

/** `FilesUploadNewFormModel[uploadPath]` → `uploadPath`, `FilesUploadNewFormModel[files][0]` → `files[0]`. */
export function fieldName(raw: string): string {
  const match = /^FilesUploadNewFormModel\[([^\]]*)\](.*)$/.exec(raw);
  return match ? match.slice(1, 3).join('') : raw;
}

const megabytes = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 100) / 100);

export function tooLarge(filename: string, maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file '${filename}' is too large: files may have at most ${megabytes(maxBytes)} MB.`,
  );
}

export function requestTooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The upload is too large: one request may carry at most ${megabytes(maxBytes)} MB of files in all.`,
  );
}

/** Counts the request's file bytes (all files together), computes each file's MD5, stops past the total. */
class SpoolCounter extends Transform {
  private readonly hash = createHash('md5');
  size = 0;

  constructor(private readonly total: { bytes: number; max: number }) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total.bytes += chunk.length;
    if (this.total.bytes > this.total.max) {
      callback(requestTooLarge(this.total.max));
      return;
    }
    this.size += chunk.length;
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Reads every part of a multipart request. Files go to a private temporary folder as they
 * arrive (the fields may come after them), so nothing reaches the storage before the whole
 * request has been read and checked. A broken body is a 400, a file or request over its limit a
 * 413; either way the folder is removed.
 */
export async function spoolUpload(request: FastifyRequest, limits: UploadLimits): Promise<SpooledUpload> {
  const dir = await makeSpoolDir(limits.spoolRoot);
  const upload: SpooledUpload = { files: [], fields: {}, cleanup: () => rm(dir, { recursive: true, force: true }) };
  const total = { bytes: 0, max: limits.maxRequestBytes };
  try {
    await readingMultipart(async () => {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          upload.fields[fieldName(part.fieldname)] = typeof part.value === 'string' ? part.value : String(part.value);
          continue;
        }
        const path = join(dir, String(upload.files.length));
        const counter = new SpoolCounter(total);
        try {
          await pipeline(part.file, counter, createWriteStream(path));
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.filename, limits.maxFileBytes);
          throw error;
        }
        if (part.file.truncated) throw tooLarge(part.filename, limits.maxFileBytes);
        upload.files.push({
          path,
          originalName: part.filename,
          mimeType: part.mimetype,
          size: counter.size,
          md5: counter.digest(),
        });
      }
    });
  } catch (error) {
    await upload.cleanup();
    throw error;
  }
  return upload;
}
