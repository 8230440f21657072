import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../infra/db/schema';
import type { FileStorage } from '../infra/storage/file-storage';
import { fileKey, FILE_TYPE_LIST, isAssigned } from '../modules/files/file-keys';
import { folderOfType, UPLOAD_FOLDER } from '../modules/files/file-naming';
import type { Checkpoint, Checkpoints } from './checkpoints';

export interface FileProblem {
  id: number;
  filename: string;
  problem: 'missing in the source folder' | 'checksum differs' | 'missing in the storage';
  detail?: string;
}

const PAGE = 200;

async function typeFolders(db: Db): Promise<Map<string, string>> {
  const { rows } = await sql<{ display: string; remark: string | null }>`
    SELECT i.display, i.remark FROM value_list_items i JOIN value_lists l ON l.id = i.list_id
    WHERE l.listname = ${FILE_TYPE_LIST}`.execute(db);
  return new Map(rows.map((r) => [r.display, r.remark ?? '']));
}

/**
 * Where the original keeps a file's bytes (reference §2.4 ArchiveFile): assigned files under
 * `<type folder>/original/<filename>`, unassigned uploads under `upload/<filename>`; a file whose
 * type was changed may still be in another type's folder.
 */
function sourcePath(filesDir: string, row: Record<string, unknown>, folders: Map<string, string>): string | undefined {
  const filename = String(row.filename);
  if (filename.includes('/') || filename.includes('\\') || filename.startsWith('.')) return undefined;
  const own = join(filesDir, folderOfType(String(row.type), folders.get(String(row.type))), 'original', filename);
  const others = [...folders].map(([type, remark]) => join(filesDir, folderOfType(type, remark), 'original', filename));
  const upload = join(filesDir, UPLOAD_FOLDER, filename);
  const candidates = isAssigned(row) ? [own, upload, ...others] : [upload, own, ...others];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/**
 * Copies every archive file's bytes into our storage under our key (`archive/<id>`), comparing
 * the MD5 computed while writing with the row's `checksum`. Resumable: a checkpoint per page.
 */
export async function copyArchiveFiles(
  deps: { db: Db; storage: FileStorage; checkpoints: Checkpoints; filesDir: string; onFile?: (done: number) => void },
  previous: Checkpoint | undefined,
): Promise<{ checkpoint: Checkpoint; problems: FileProblem[] }> {
  const { db, storage, checkpoints, filesDir } = deps;
  const problems: FileProblem[] = [];
  let checkpoint: Checkpoint = previous ?? { step: 'archive files', lastId: 0, rows: 0, done: false };
  if (checkpoint.done) return { checkpoint, problems };
  const folders = await typeFolders(db);
  for (;;) {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT * FROM archive_file WHERE id > ${checkpoint.lastId} ORDER BY id LIMIT ${PAGE}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const id = Number(row.id);
      const path = sourcePath(filesDir, row, folders);
      if (!path) {
        problems.push({ id, filename: String(row.filename), problem: 'missing in the source folder' });
        continue;
      }
      const written = await storage.put(fileKey(id), createReadStream(path));
      const expected = typeof row.checksum === 'string' ? row.checksum.trim().toLowerCase() : '';
      if (expected !== '' && expected !== written.md5)
        problems.push({
          id,
          filename: String(row.filename),
          problem: 'checksum differs',
          detail: `row ${expected}, bytes ${written.md5}`,
        });
    }
    checkpoint = { ...checkpoint, lastId: Number(rows.at(-1)?.id), rows: checkpoint.rows + rows.length };
    await checkpoints.save(db, checkpoint);
    deps.onFile?.(checkpoint.rows);
  }
  checkpoint = { ...checkpoint, done: true };
  await checkpoints.save(db, checkpoint);
  return { checkpoint, problems };
}

/** Rows whose bytes are not in the storage (the verification's side of the files). */
export async function filesMissingInStorage(db: Db, storage: FileStorage): Promise<FileProblem[]> {
  const missing: FileProblem[] = [];
  let lastId = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; filename: string }>`
      SELECT id, filename FROM archive_file WHERE id > ${lastId} ORDER BY id LIMIT ${PAGE}`.execute(db);
    if (rows.length === 0) return missing;
    for (const row of rows)
      if (!(await storage.exists(fileKey(row.id))))
        missing.push({ id: row.id, filename: row.filename, problem: 'missing in the storage' });
    lastId = Number(rows.at(-1)?.id);
  }
}
