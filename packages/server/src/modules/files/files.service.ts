import { createReadStream } from 'node:fs';
import { type PermissionHolder, validationError } from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
import type { RecordScope } from '../../engine/records/record-access';
import type { RecordsService } from '../../engine/records/records.service';
import type { FileStorage } from '../../infra/storage/file-storage';
import { type FileParent, type FileParents, PARENT_COLUMNS } from './file-parents';
import { fileKey, type FileTypes, isAssigned } from './file-keys';
import { imageFacts, mimeTypeOf } from './file-images';
import { assignedFilename, checkUploadPath, freeName, sanitizeFilename } from './file-naming';
import { FILE_MODEL, type FilesRepository } from './files.repository';
import type { AssignBody } from './files.schemas';
import { assertRecordInScope, fileScope } from './files-access';

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
 * Which files the user may change (before any byte is stored): every file with the files form's
 * edit permission, the files of its own records with limited edit access, else 403.
 */
function editScope(user: PermissionHolder): RecordScope {
  return fileScope(user, 'edit');
}

async function assertKnownType(types: FileTypes, type: string): Promise<void> {
  const folders = await types.folders();
  if (folders.has(type)) return;
  const known = [...folders.keys()].join(', ');
  throw validationError([{ field: 'type', message: `File Type must be one of the list UPLOAD_FILE_TYPE (${known}).` }]);
}

const clearedParents = () => Object.fromEntries(PARENT_COLUMNS.map((column) => [column, null]));

/** A name no stored row has (names are labels, not keys: unique only for the reader's sake). */
function freeUploadName({ repository }: FilesServiceDeps, name: string): Promise<string> {
  return freeName(name, (candidate) => repository.filenameTaken(candidate));
}

/**
 * The row first, then its bytes under the row's own key; a failed write removes the row again, so
 * bytes never exist without their row. Going to a record (limited access), the row is made
 * assigned, and named by the scheme once its id is known; else a parallel upload of the same name
 * gets the next free one (of two, the later to name itself yields: repository.distinctName).
 */
async function uploadOne(deps: FilesServiceDeps, user: PermissionHolder, file: SpooledFile, fields: UploadFields) {
  const { records, storage, repository } = deps;
  const original = (file.originalName.split(/[/\\]/).pop() ?? '').slice(0, 255) || 'file';
  const facts = await imageFacts(file.path);
  const parent = fields.parent;
  const row = await records.create(user, fileTarget, {
    type: fields.type,
    filename: await freeUploadName(deps, sanitizeFilename(original)),
    original_filename: original,
    filesize: file.size,
    mime_type: mimeTypeOf(original, file.mimeType),
    checksum: file.md5,
    upload_date: new Date().toISOString(),
    ...(fields.analyst ? { analyst: fields.analyst } : {}),
    ...(facts.width === null ? {} : { metadata: JSON.stringify(facts) }),
    ...(parent ? { ...parent.ids, parent_combined_id: parent.combinedId } : {}),
  });
  const id = Number(row.id);
  try {
    await storage.put(fileKey(id), createReadStream(file.path));
  } catch (error) {
    await repository.remove(id);
    throw error;
  }
  const filename = parent
    ? await repository.rename(
        id,
        assignedFilename({
          id,
          type: fields.type,
          nameBase: parent.nameBase,
          number: null,
          originalFilename: original,
        }),
      )
    : await repository.distinctName(id, String(row.filename));
  return filename === row.filename ? row : { ...row, filename };
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
  const { repository, records } = deps;
  const row = await repository.find(id);
  const filename = assignedFilename({
    id,
    type: body.type,
    nameBase: parent.nameBase,
    number: body.number === undefined ? (row.number as string | null) : body.number,
    originalFilename: String(row.original_filename),
  });
  // The bytes stay where they are (their key is the id): only the row changes.
  return records.update(user, fileTarget, id, assignedValues(body, parent, filename));
}

export function createFilesService(deps: FilesServiceDeps) {
  const { records, repository, types, parents } = deps;

  /** The record the files go to, checked: visible to the user and inside its edit scope. */
  async function targetRecord(user: PermissionHolder, scope: RecordScope, body: Readonly<Record<string, unknown>>) {
    const parent = await parents.resolve(user, body);
    assertRecordInScope(scope, parent.combinedId);
    return parent;
  }

  return {
    /**
     * POST upload: every file into the upload area, one archive_file row each. An upload that
     * names a record (the assign dialog's ids) goes to that record at once; with limited access
     * it must name one: the shared upload area belongs to no expedition.
     */
    async upload(user: PermissionHolder, files: SpooledFile[], fields: UploadFields): Promise<Row[]> {
      const scope = editScope(user);
      checkUploadPath(fields.uploadPath);
      if (files.length === 0) throw validationError([{ field: 'files', message: 'Please choose a file to upload.' }]);
      await assertKnownType(types, fields.type);
      const hasRecord = PARENT_COLUMNS.some((column) => fields.record[column] !== undefined);
      const parent = scope.restricted || hasRecord ? await targetRecord(user, scope, fields.record) : undefined;
      const saved: Row[] = [];
      for (const file of files) saved.push(await uploadOne(deps, user, file, { ...fields, parent }));
      return saved;
    },

    /** POST assign: type and parent ids set, each file renamed by the scheme (its bytes stay). */
    async assign(user: PermissionHolder, body: AssignBody): Promise<Row[]> {
      const scope = editScope(user);
      await assertKnownType(types, body.type);
      const parent = await targetRecord(user, scope, body);
      const saved: Row[] = [];
      for (const id of body.ids) saved.push(await assignOne(deps, user, id, body, parent));
      return saved;
    },

    /**
     * PUT unassign/{id}: links removed, the file back in the upload area under its original name.
     * With limited access it keeps the combined id of its record (which the edit checks is in the
     * scope): the shared upload area belongs to no expedition, and a write never puts a record
     * where its writer could not reach it, so the editor can still assign or delete the file.
     */
    async unassign(user: PermissionHolder, id: number): Promise<Row> {
      const scope = editScope(user);
      const row = await repository.find(id);
      const current = await records.get(user, fileTarget, id);
      if (!isAssigned(row)) return current;
      const filename = await freeUploadName(deps, sanitizeFilename(String(row.original_filename)));
      const owner = scope.restricted ? {} : { parent_combined_id: null };
      return records.update(user, fileTarget, id, { ...clearedParents(), ...owner, filename });
    },

    /**
     * POST delete: the rows of the given files, one by one; their bytes and previews go once each
     * delete has committed (file-storage-behavior.ts, the same as a delete through the records API).
     */
    async remove(user: PermissionHolder, ids: number[]): Promise<number[]> {
      editScope(user);
      const unique = [...new Set(ids)];
      // Every file must exist and lie in the user's scope before the first one goes: a refused
      // request (404, 403) deletes nothing, and a repeated id is one file, not a 404 half-way.
      for (const id of unique) await records.get(user, fileTarget, id);
      const deleted: number[] = [];
      for (const id of unique) {
        await records.remove(user, fileTarget, id);
        deleted.push(id);
      }
      return deleted;
    },
  };
}

export interface UploadFields {
  type: string;
  /** The record the files belong to (expedition_id … sample_id, request_id), when the upload names one. */
  record: Readonly<Record<string, unknown>>;
  /** That record, resolved and checked (set by the service). */
  parent?: FileParent | undefined;
  /** The original client's target folder: checked, then ignored (uploads always land in the upload area). */
  uploadPath?: string | undefined;
  analyst?: string;
}

export type FilesService = ReturnType<typeof createFilesService>;
