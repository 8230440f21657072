import { validationError } from '@mdis/shared';
import type { Row } from '../../engine/records/dynamic-db';
import type { ListValuesService } from '../list-values/list-values.service';
import { PARENT_COLUMNS } from './file-parents';

export const FILE_TYPE_LIST = 'UPLOAD_FILE_TYPE';

export function isAssigned(row: Row): boolean {
  return PARENT_COLUMNS.some((column) => row[column] !== null && row[column] !== undefined);
}

/**
 * Where a file's bytes are: derived from the row's id alone, so no column a client can write
 * (filename, type, parent) decides which bytes a row serves or deletes, and no two rows share
 * bytes. Assigning, renaming or retyping a file changes its row, never its key.
 */
export function fileKey(id: unknown): string {
  const number = Number(id);
  if (!Number.isSafeInteger(number) || number <= 0) throw new Error(`Invalid file id '${String(id)}'.`);
  return `archive/${String(number)}`;
}

/**
 * A file name is shown and offered as the download's name, never used as a path; still, one that
 * looks like a path or a hidden file is refused when it is written (422), so no reader ever meets it.
 */
export function assertPlainFilename(value: unknown): void {
  if (typeof value !== 'string') return;
  const control = /\p{Cc}/u.test(value);
  if (control || value.includes('/') || value.includes('\\') || value.includes('..') || value.startsWith('.')) {
    throw validationError([
      { field: 'filename', message: "File name may not contain '/', '\\' or '..', nor start with a dot." },
    ]);
  }
}

/** The file types (UPLOAD_FILE_TYPE: display = type, remark = folder), read per call: lists change. */
export function createFileTypes(listValues: ListValuesService) {
  return {
    async folders(): Promise<Map<string, string>> {
      const list = await listValues.list({ listname: FILE_TYPE_LIST });
      return new Map(list.items.map((item) => [item.display, item.remark ?? '']));
    },
  };
}

export type FileTypes = ReturnType<typeof createFileTypes>;
