import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../../infra/db/schema';
import { bumpRevision, templateDb, type TemplateTables } from '../../../engine/templates/templates.repository';

interface GeneratedFilesTable {
  path: string;
  content: string;
  sha256: string;
  /** Earlier contents' SHA-256, newest first, space separated. */
  history: string;
  modified_at: string;
}

// A type alias (not an interface) so that it satisfies withTables' index-signature constraint.
type GeneratedTables = TemplateTables & { generated_files: GeneratedFilesTable };

/** A stored generated file without its content: enough to plan, to compare, and to notice a change. */
export interface GeneratedFileHead {
  path: string;
  sha256: string;
  /** ISO time of the last write. */
  modifiedAt: string;
  /** SHA-256 of the earlier contents, newest first. */
  history: string[];
}

/** How many earlier versions of a file are remembered (to recognise an outdated copy on disk). */
const HISTORY_LENGTH = 50;

export const sha256Of = (content: string) => createHash('sha256').update(content).digest('hex');

const headOf = (row: Omit<GeneratedFilesTable, 'content'>): GeneratedFileHead => ({
  path: row.path,
  sha256: row.sha256,
  modifiedAt: row.modified_at,
  history: row.history === '' ? [] : row.history.split(' '),
});

/**
 * The code generator's files in the database (migration 20261125T2000-generated-files): the same
 * on every instance. A write bumps the template revision in the same transaction, which is how the
 * other instances learn of it (engine/templates/template-store.ts: one revision read per request).
 */
export function createGeneratedFilesRepository(dbIn: Db, clock: () => Date = () => new Date()) {
  const db = (dbIn as unknown as Kysely<object>).withTables<GeneratedTables>();
  const heads = db.selectFrom('generated_files').select(['path', 'sha256', 'history', 'modified_at']);

  return {
    async heads(paths?: readonly string[]): Promise<GeneratedFileHead[]> {
      if (paths?.length === 0) return [];
      const rows = await (paths ? heads.where('path', 'in', paths) : heads).orderBy('path').execute();
      return rows.map(headOf);
    },

    /** The heads of the files under a folder (`hooks/`). */
    async headsUnder(folder: string): Promise<GeneratedFileHead[]> {
      const rows = await heads.where('path', 'like', `${folder}/%`).orderBy('path').execute();
      return rows.map(headOf);
    },

    async read(path: string): Promise<string | undefined> {
      const row = await db.selectFrom('generated_files').select('content').where('path', '=', path).executeTakeFirst();
      return row?.content;
    },

    /** Stores the content (the earlier one goes into the history); nothing happens when it is the same. */
    async write(path: string, content: string): Promise<void> {
      const sha256 = sha256Of(content);
      await db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('generated_files')
          .select(['sha256', 'history'])
          .where('path', '=', path)
          .executeTakeFirst();
        if (found?.sha256 === sha256) return;
        const modified_at = clock().toISOString();
        if (found) {
          const history = [found.sha256, ...found.history.split(' ').filter((s) => s !== '' && s !== sha256)];
          await trx
            .updateTable('generated_files')
            .set({ content, sha256, modified_at, history: history.slice(0, HISTORY_LENGTH).join(' ') })
            .where('path', '=', path)
            .execute();
        } else
          await trx.insertInto('generated_files').values({ path, content, sha256, history: '', modified_at }).execute();
        await bumpRevision(templateDb(trx as unknown as Kysely<never>));
      });
    },
  };
}

export type GeneratedFilesRepository = ReturnType<typeof createGeneratedFilesRepository>;
