import { AppError } from '@mdis/shared';
import { asDynamic, type DynamicDb, type Row } from '../../engine/records/dynamic-db';
import { loadRecordModel, type TemplateSource } from '../../engine/records/record-model';
import type { Dialect } from '../../infra/db/dialect';
import type { Db } from '../../infra/db/schema';
import { lockUntilTransactionEnds } from '../../infra/db/transaction-lock';
import { numberOf } from './file-metadata';
import { freeName } from './file-naming';

export const FILE_MODEL = 'ArchiveFile';
export const FILE_NOT_FOUND = 'File not found.';
const CORE_MODEL = 'CoreCore';

async function coreDiameter(dynamic: DynamicDb, templates: TemplateSource, coreId: number | null) {
  if (coreId === null) return null;
  const core = await loadRecordModel(templates, CORE_MODEL);
  if (!Object.hasOwn(core.template.columns, 'core_diameter')) return null;
  const row = await dynamic.selectFrom(core.table).select('core_diameter').where('id', '=', coreId).executeTakeFirst();
  return numberOf(row?.core_diameter);
}

/**
 * Reads archive_file rows as stored, before any permission is known: the caller then checks the
 * permission of the record the file belongs to. The table name comes from the loaded template.
 */
export function createFilesRepository(db: Db, templates: TemplateSource, dialect: Dialect) {
  const dynamic = asDynamic(db);
  const table = async () => (await loadRecordModel(templates, FILE_MODEL)).table;

  return {
    async find(id: number): Promise<Row> {
      const row = await dynamic
        .selectFrom(await table())
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', FILE_NOT_FOUND);
      return row;
    },

    /** Whether a row already names `filename` (unassigned uploads share one folder). */
    async filenameTaken(filename: string): Promise<boolean> {
      const row = await dynamic
        .selectFrom(await table())
        .select('id')
        .where('filename', '=', filename)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Removes a row outright: an upload whose bytes could not be stored (no pipeline: nothing else to undo). */
    async remove(id: number): Promise<void> {
      await dynamic
        .deleteFrom(await table())
        .where('id', '=', id)
        .execute();
    },

    /** Sets the server-made name of a file (assigned names carry the id, known only after the insert). */
    async rename(id: number, filename: string): Promise<string> {
      await dynamic
        .updateTable(await table())
        .set({ filename })
        .where('id', '=', id)
        .execute();
      return filename;
    },

    /**
     * Gives row `id` another name while another row has it (parallel uploads of one name); returns
     * the row's name. Uploads name themselves one at a time (a lock, across instances on PostgreSQL),
     * each once its row is stored: the second to come sees the first and yields. (The newer row
     * yielding failed: it may come before the older row is committed, and both kept the name.)
     */
    async distinctName(id: number, filename: string): Promise<string> {
      const files = await table();
      return db.transaction().execute(async (trx) => {
        await lockUntilTransactionEnds(trx, dialect, `mdis:upload-names:${files}`);
        const inTrx = asDynamic(trx);
        const named = (name: string) => inTrx.selectFrom(files).select('id').where('filename', '=', name);
        const namedByAnother = async (name: string) =>
          (await named(name).where('id', '!=', id).executeTakeFirst()) !== undefined;
        let name = filename;
        for (let attempt = 0; attempt < 20 && (await namedByAnother(name)); attempt += 1) {
          name = await freeName(name, async (candidate) => (await named(candidate).executeTakeFirst()) !== undefined);
          await inTrx.updateTable(files).set({ filename: name }).where('id', '=', id).execute();
        }
        return name;
      });
    },

    /** The diameter (mm) of a file's core (core scan previews are scaled by it); null without one. */
    coreDiameter: (coreId: number | null) => coreDiameter(dynamic, templates, coreId),

    async findByFilename(filename: string): Promise<Row | undefined> {
      return dynamic
        .selectFrom(await table())
        .selectAll()
        .where('filename', '=', filename)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
