import type { Readable } from 'node:stream';
import { AppError, type PermissionHolder } from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
import type { RecordsService } from '../../engine/records/records.service';
import { type FileStorage, StorageNotFoundError } from '../../infra/storage/file-storage';
import { PARENT_LEVELS } from './file-parents';
import { fileKey } from './file-keys';
import { genericIcon, isImageName, previewJpeg, scanHeight } from './file-images';
import { describeFile, numberOf } from './file-metadata';
import { createPreviewCache, previewFingerprint } from './file-preview-cache';
import { FILE_MODEL, type FilesRepository } from './files.repository';

export interface FileContentDeps {
  records: RecordsService;
  storage: FileStorage;
  repository: FilesRepository;
}

export type FileBody = { etag?: string | undefined } & (
  | { kind: 'stream'; stream: Readable; mimeType: string; filename: string; size: number | undefined }
  // A preview: made now (bytes or SVG text), or the cached one streamed from the storage.
  | { kind: 'buffer'; body: Buffer | string | Readable; mimeType: string }
  | { kind: 'notModified' }
);

/** An entity tag from the stored MD5 (and what else shapes the answer); none for rows without a checksum. */
function etagOf(row: Row, ...parts: string[]): string | undefined {
  return typeof row.checksum === 'string' && row.checksum ? `"${[row.checksum, ...parts].join('-')}"` : undefined;
}

export const FILE_MISSING = 'The file is missing from the file storage.';

async function bytesAt(storage: FileStorage, key: string): Promise<Readable> {
  try {
    return await storage.get(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', FILE_MISSING);
    throw error;
  }
}

/**
 * Where a file's original is and the fingerprint of what its preview is made from. It is looked at
 * before the bytes are read: a preview is only ever labelled with an original at least as old as
 * the bytes it was made from, so a replaced file never gets a stale preview.
 */
async function originalNow(storage: FileStorage, row: Row, height: number | undefined) {
  const key = fileKey(row.id);
  const stored = await storage.stat(key);
  if (!stored) throw new AppError('NOT_FOUND', FILE_MISSING);
  const checksum = typeof row.checksum === 'string' && row.checksum ? row.checksum : null;
  const variant = `${String(row.type)}-${String(height ?? 'box')}`;
  return { key, fingerprint: previewFingerprint({ key, stored, checksum, variant }) };
}

/** Originals, previews and metadata, each behind the permission of the record the file belongs to. */
export function createFileContent(deps: FileContentDeps) {
  const { records, storage, repository } = deps;
  const previews = createPreviewCache(storage);

  /**
   * The stored row after checking the user may view what it belongs to: the parent record
   * (form permission of any form on that model, and limited access), or for an unassigned upload
   * the files form itself.
   */
  async function viewableFile(user: PermissionHolder, id: number): Promise<Row> {
    const row = await repository.find(id);
    const parent = PARENT_LEVELS.find((level) => numberOf(row[level.column]) !== null);
    if (parent) await records.get(user, { kind: 'global', name: parent.model }, Number(row[parent.column]));
    else await records.get(user, { kind: 'global', name: FILE_MODEL }, id);
    return row;
  }

  const bytesOf = (row: Row): Promise<Readable> => bytesAt(storage, fileKey(row.id));

  return {
    viewableFile,

    /** The stored bytes; `notModified` when the browser's copy (If-None-Match) is current. */
    async original(user: PermissionHolder, id: number, ifNoneMatch?: string): Promise<FileBody> {
      const row = await viewableFile(user, id);
      const etag = etagOf(row);
      if (etag && etag === ifNoneMatch) return { kind: 'notModified', etag };
      const stat = await storage.stat(fileKey(row.id));
      return {
        kind: 'stream',
        etag,
        stream: await bytesOf(row),
        mimeType: typeof row.mime_type === 'string' && row.mime_type ? row.mime_type : 'application/octet-stream',
        filename: String(row.filename),
        size: stat?.size,
      };
    },

    /** An image reduced to a JPEG (core scans to their height); any other file as an icon. */
    async preview(user: PermissionHolder, id: number, ifNoneMatch?: string): Promise<FileBody> {
      const row = await viewableFile(user, id);
      const filename = String(row.filename);
      if (!isImageName(filename)) return { kind: 'buffer', body: genericIcon(filename), mimeType: 'image/svg+xml' };
      // The core's diameter shapes the preview, read for the file: who may view the file sees the
      // same preview as everyone, whether or not it may open the core (viewableFile is the rule).
      const height = scanHeight(String(row.type), await repository.coreDiameter(numberOf(row.core_id)));
      // Revalidation skips sharp: the bytes, the type and the scan height decide the preview.
      const etag = etagOf(row, String(row.type), String(height ?? 'box'));
      if (etag && etag === ifNoneMatch) return { kind: 'notModified', etag };
      const { key, fingerprint } = await originalNow(storage, row, height);
      const cached = await previews.read(id, fingerprint);
      if (cached) return { kind: 'buffer', etag, body: cached, mimeType: 'image/jpeg' };
      let jpeg: Buffer;
      try {
        jpeg = await previewJpeg(await bytesAt(storage, key), height);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // A damaged image still gets a preview: the icon of its type (cheap, so not cached).
        return { kind: 'buffer', body: genericIcon(filename), mimeType: 'image/svg+xml' };
      }
      return { kind: 'buffer', etag, body: await previews.write(id, fingerprint, jpeg), mimeType: 'image/jpeg' };
    },

    /** `meta-data?filename`: size, MIME type, image dimensions and EXIF date of a stored file. */
    async metadata(user: PermissionHolder, filename: string) {
      const found = await repository.findByFilename(filename);
      if (!found) throw new AppError('NOT_FOUND', `No file named '${filename}'.`);
      const row = await viewableFile(user, Number(found.id));
      return describeFile(row, await bytesOf(row));
    },
  };
}

export type FileContent = ReturnType<typeof createFileContent>;
