import { createReadStream } from 'node:fs';
import { AppError, canUseForm, type PermissionHolder, validationError } from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
import type { RecordsService } from '../../engine/records/records.service';
import { type FileStorage, StorageExistsError, StorageNotFoundError } from '../../infra/storage/file-storage';
import { FILE_MISSING } from './file-content';
import { createPreviewCache } from './file-preview-cache';
import { type FileParent, type FileParents, PARENT_COLUMNS } from './file-parents';
import { type FileTypes, isAssigned, uploadKey } from './file-keys';
import { imageFacts, mimeTypeOf } from './file-images';
import { assignedFilename, checkUploadPath, freeName, sanitizeFilename } from './file-naming';
import { FILE_MODEL, type FilesRepository } from './files.repository';
import type { AssignBody } from './files.schemas';
import { FILES_FORM } from './files-access';

const fileTarget = { kind: 'global', name: FILE_MODEL } as const;

/** A file the upload request carried, already spooled to a temporary file. */
export interface SpooledFile {
  path: string;
  originalName: string;
  mimeType: string | undefined;
  /** Size and MD5, computed while spooling. */
  size: number;
  md5: string;
}

export interface FilesServiceDeps {
  records: RecordsService;
  storage: FileStorage;
  repository: FilesRepository;
  types: FileTypes;
  parents: FileParents;
}

/**
 * May the user change archive files at all (checked before any byte is stored)? Uploads belong to
 * no record until assigned, so limited access (which reaches files through their record) is not
 * enough: it takes the files form's edit permission.
 */
function assertMayEdit(user: PermissionHolder): void {
  if (canUseForm(user, FILES_FORM, 'edit')) return;
  throw new AppError('FORBIDDEN', 'You are not allowed to perform this action.');
}

async function assertKnownType(types: FileTypes, type: string): Promise<void> {
  const folders = await types.folders();
  if (folders.has(type)) return;
  const known = [...folders.keys()].join(', ');
  throw validationError([{ field: 'type', message: `File Type must be one of the list UPLOAD_FILE_TYPE (${known}).` }]);
}

const clearedParents = () => Object.fromEntries(PARENT_COLUMNS.map((column) => [column, null]));

/** A name free both in the upload folder and among stored rows. */
function freeUploadName({ storage, repository }: FilesServiceDeps, name: string): Promise<string> {
  return freeName(
    name,
    async (candidate) => (await storage.exists(uploadKey(candidate))) || (await repository.filenameTaken(candidate)),
  );
}

/** Stores an upload under a free name; a name taken meanwhile by a parallel upload is skipped. */
async function storeUpload(deps: FilesServiceDeps, original: string, path: string) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const filename = await freeUploadName(deps, sanitizeFilename(original));
    const key = uploadKey(filename);
    try {
      return { filename, key, stored: await deps.storage.put(key, createReadStream(path), { exclusive: true }) };
    } catch (error) {
      if (!(error instanceof StorageExistsError)) throw error;
    }
  }
  throw new AppError('CONFLICT', `Too many uploads named '${original}' at once; please try again.`);
}

async function uploadOne(deps: FilesServiceDeps, user: PermissionHolder, file: SpooledFile, fields: UploadFields) {
  const { records, storage } = deps;
  const original = (file.originalName.split(/[/\\]/).pop() ?? '').slice(0, 255) || 'file';
  const { filename, key, stored } = await storeUpload(deps, original, file.path);
  try {
    const facts = await imageFacts(file.path);
    return await records.create(user, fileTarget, {
      type: fields.type,
      filename,
      original_filename: original,
      filesize: stored.size,
      mime_type: mimeTypeOf(original, file.mimeType),
      checksum: stored.md5,
      upload_date: new Date().toISOString(),
      ...(fields.analyst ? { analyst: fields.analyst } : {}),
      ...(facts.width === null ? {} : { metadata: JSON.stringify(facts) }),
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** Moves the bytes, then saves the row; a refused save moves them back. */
async function moveAndSave(
  deps: FilesServiceDeps,
  user: PermissionHolder,
  id: number,
  move: [string, string],
  values: Row,
) {
  const [from, to] = move;
  try {
    await deps.storage.move(from, to);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', FILE_MISSING);
    throw error;
  }
  try {
    return await deps.records.update(user, fileTarget, id, values);
  } catch (error) {
    await deps.storage.move(to, from);
    throw error;
  }
}

/** The columns an assignment writes: parent ids, type, the new name and what the dialog set. */
function assignedValues(body: AssignBody, parent: FileParent, filename: string): Row {
  const values: Row = { ...parent.ids, type: body.type, filename, parent_combined_id: parent.combinedId };
  for (const key of ['number', 'analyst', 'comment', 'curator_contact_person_id'] as const) {
    if (body[key] !== undefined) values[key] = body[key];
  }
  return values;
}

async function assignOne(
  deps: FilesServiceDeps,
  user: PermissionHolder,
  id: number,
  body: AssignBody,
  parent: FileParent,
) {
  const { types, repository, records } = deps;
  const row = await repository.find(id);
  await records.get(user, fileTarget, id);
  const filename = assignedFilename({
    id,
    type: body.type,
    nameBase: parent.nameBase,
    number: body.number === undefined ? (row.number as string | null) : body.number,
    originalFilename: String(row.original_filename),
  });
  const folders = await types.folders();
  const target = await types.keyOf({ ...row, ...parent.ids, type: body.type, filename }, folders);
  return moveAndSave(deps, user, id, [await types.locate(row), target], assignedValues(body, parent, filename));
}

export function createFilesService(deps: FilesServiceDeps) {
  const { records, storage, repository, types, parents } = deps;
  const previews = createPreviewCache(storage);
  return {
    assertMayEdit,

    /** POST upload: every file into the upload area, one archive_file row each. */
    async upload(user: PermissionHolder, files: SpooledFile[], fields: UploadFields): Promise<Row[]> {
      assertMayEdit(user);
      checkUploadPath(fields.uploadPath);
      if (files.length === 0) throw validationError([{ field: 'files', message: 'Please choose a file to upload.' }]);
      await assertKnownType(types, fields.type);
      const saved: Row[] = [];
      for (const file of files) saved.push(await uploadOne(deps, user, file, fields));
      return saved;
    },

    /** POST assign: type and parent ids set, each file renamed into its type's folder. */
    async assign(user: PermissionHolder, body: AssignBody): Promise<Row[]> {
      assertMayEdit(user);
      await assertKnownType(types, body.type);
      const parent = await parents.resolve(user, body);
      const saved: Row[] = [];
      for (const id of body.ids) saved.push(await assignOne(deps, user, id, body, parent));
      return saved;
    },

    /** PUT unassign/{id}: links removed, the file back in the upload area under its original name. */
    async unassign(user: PermissionHolder, id: number): Promise<Row> {
      assertMayEdit(user);
      const row = await repository.find(id);
      const current = await records.get(user, fileTarget, id);
      if (!isAssigned(row)) return current;
      const filename = await freeUploadName(deps, sanitizeFilename(String(row.original_filename)));
      const values = { ...clearedParents(), parent_combined_id: null, filename };
      return moveAndSave(deps, user, id, [await types.locate(row), uploadKey(filename)], values);
    },

    /** POST delete: rows and bytes of the given files (all or nothing per file), and their cached previews. */
    async remove(user: PermissionHolder, ids: number[]): Promise<number[]> {
      assertMayEdit(user);
      const deleted: number[] = [];
      for (const id of ids) {
        const row = await repository.find(id);
        const key = await types.locate(row);
        await records.remove(user, fileTarget, id);
        await storage.delete(key);
        await previews.forget(id);
        deleted.push(id);
      }
      return deleted;
    },
  };
}

export interface UploadFields {
  type: string;
  /** The original client's target folder: checked, then ignored (uploads always land in the upload area). */
  uploadPath?: string | undefined;
  analyst?: string;
}

export type FilesService = ReturnType<typeof createFilesService>;
