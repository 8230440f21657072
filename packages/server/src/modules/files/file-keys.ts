import type { Row } from '../../engine/records/dynamic-db';
import type { FileStorage } from '../../infra/storage/file-storage';
import type { ListValuesService } from '../list-values/list-values.service';
import { PARENT_COLUMNS } from './file-parents';
import { folderOfType, UPLOAD_FOLDER } from './file-naming';

export const FILE_TYPE_LIST = 'UPLOAD_FILE_TYPE';

export function isAssigned(row: Row): boolean {
  return PARENT_COLUMNS.some((column) => row[column] !== null && row[column] !== undefined);
}

export const uploadKey = (filename: string) => `${UPLOAD_FOLDER}/${filename}`;

/** The file types (UPLOAD_FILE_TYPE: display = type, remark = folder), read per call: lists change. */
export function createFileTypes(listValues: ListValuesService, storage: FileStorage) {
  async function folders(): Promise<Map<string, string>> {
    const list = await listValues.list({ listname: FILE_TYPE_LIST });
    return new Map(list.items.map((item) => [item.display, item.remark ?? '']));
  }

  /** Where a file's bytes belong: the upload area, or `<type folder>/original/<filename>` once assigned. */
  async function keyOf(row: Row, known?: Map<string, string>): Promise<string> {
    const filename = String(row.filename);
    if (!isAssigned(row)) return uploadKey(filename);
    const type = String(row.type);
    return `${folderOfType(type, (known ?? (await folders())).get(type))}/original/${filename}`;
  }

  return {
    folders,
    keyOf,

    /**
     * Where a file's bytes are. Normally `keyOf`; when the type was changed in the files form
     * (which edits the row, not the bytes), the other type folders and the upload area are tried.
     */
    async locate(row: Row): Promise<string> {
      const known = await folders();
      const expected = await keyOf(row, known);
      if (await storage.exists(expected)) return expected;
      const filename = String(row.filename);
      const candidates = [...known].map(([type, remark]) => `${folderOfType(type, remark)}/original/${filename}`);
      for (const key of [...candidates, uploadKey(filename)]) {
        if (key !== expected && (await storage.exists(key))) return key;
      }
      return expected;
    },
  };
}

export type FileTypes = ReturnType<typeof createFileTypes>;
