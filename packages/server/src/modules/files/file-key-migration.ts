import { AppError } from '@mdis/shared';
import { asDynamic, type Row } from '../../engine/records/dynamic-db';
import { loadRecordModel, type TemplateSource } from '../../engine/records/record-model';
import type { Db } from '../../infra/db/schema';
import { assertSafeKey, type FileStorage, StorageNotFoundError } from '../../infra/storage/file-storage';
import { fileKey, type FileTypes, isAssigned } from './file-keys';
import { folderOfType, UPLOAD_FOLDER } from './file-naming';
import { PARENT_COLUMNS } from './file-parents';
import { FILE_MODEL } from './files.repository';

/** The data migration's name in `data_migrations`. */
export const FILE_KEYS_MIGRATION = 'file-keys-by-id';

export interface FileKeyMigrationDeps {
  db: Db;
  templates: TemplateSource;
  storage: FileStorage;
  types: FileTypes;
  log: { info(message: string): void; warn(message: string): void };
}

/**
 * Where a row's bytes were before keys came from ids: `upload/<filename>` while unassigned,
 * `<type folder>/original/<filename>` once assigned, any other type's folder when the type was
 * changed in the files form. Names that could never be keys (a path in the name) have none.
 */
async function legacyKey(storage: FileStorage, row: Row, folders: Map<string, string>): Promise<string | undefined> {
  const filename = String(row.filename);
  const own = `${folderOfType(String(row.type), folders.get(String(row.type)))}/original/${filename}`;
  const others = [...folders].map(([type, remark]) => `${folderOfType(type, remark)}/original/${filename}`);
  const upload = `${UPLOAD_FOLDER}/${filename}`;
  const candidates = isAssigned(row) ? [own, ...others, upload] : [upload, own, ...others];
  for (const key of new Set(candidates)) {
    if (await existsIfSafe(storage, key)) return key;
  }
  return undefined;
}

/** Whether bytes are stored at `key`; a name that could never be a key (`../x`) has none. */
async function existsIfSafe(storage: FileStorage, key: string): Promise<boolean> {
  try {
    assertSafeKey(key);
  } catch {
    return false;
  }
  return storage.exists(key);
}

/** Copies (or, for the last row using them, moves) old bytes to a row's key; safe to repeat. */
async function transfer(storage: FileStorage, from: string, id: unknown, last: boolean): Promise<boolean> {
  const to = fileKey(id);
  if (await storage.exists(to)) return true;
  try {
    if (last) await storage.move(from, to);
    else await storage.put(to, await storage.get(from));
    return true;
  } catch (error) {
    // Another instance migrating at the same time moved them first.
    if (error instanceof StorageNotFoundError) return storage.exists(to);
    throw error;
  }
}

/**
 * Forward-only migration of existing installations to keys by id (issue 16 finding 2): every
 * archive file's bytes move from their name-based key to `archive/<id>`. Runs at start until it
 * has finished once (`data_migrations`); repeating it, or running it on several instances at once,
 * is harmless: a row whose key holds bytes is skipped, and rows are handled in id order.
 *
 * Rows that named the same bytes (possible before, e.g. by editing `filename`) each get a copy:
 * nothing a user could open before is lost; the rows are named in the log to be checked.
 */
export async function migrateFileKeys(deps: FileKeyMigrationDeps): Promise<{ moved: number; missing: number }> {
  const { storage, log } = deps;
  const db = asDynamic(deps.db);
  const done = await db
    .selectFrom('data_migrations')
    .select('name')
    .where('name', '=', FILE_KEYS_MIGRATION)
    .executeTakeFirst();
  if (done) return { moved: 0, missing: 0 };
  // No ArchiveFile model (a database without the drilling model): nothing to move. Anything
  // else that fails stops the start, so the migration is never marked done without running.
  const model = await loadRecordModel(deps.templates, FILE_MODEL).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  });
  const rows = model
    ? await db
        .selectFrom(model.table)
        .select(['id', 'filename', 'type', ...PARENT_COLUMNS])
        .orderBy('id')
        .execute()
    : [];
  const folders = rows.length > 0 ? await deps.types.folders() : new Map<string, string>();
  const byKey = new Map<string, Row[]>();
  let missing = 0;
  for (const row of rows) {
    if (await storage.exists(fileKey(row.id))) continue;
    const key = await legacyKey(storage, row, folders);
    if (key === undefined) missing += 1;
    else byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  let moved = 0;
  for (const [key, sharing] of byKey) {
    if (sharing.length > 1)
      log.warn(`Files ${sharing.map((r) => String(r.id)).join(', ')} shared '${key}': each got a copy.`);
    for (const [index, row] of sharing.entries()) {
      if (await transfer(storage, key, row.id, index === sharing.length - 1)) moved += 1;
      else missing += 1;
    }
  }
  await db
    .insertInto('data_migrations')
    .values({ name: FILE_KEYS_MIGRATION, finished_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  if (rows.length > 0)
    log.info(`File keys by id: ${String(moved)} files moved, ${String(missing)} without stored bytes.`);
  return { moved, missing };
}
