import type { Db } from '../../infra/db/schema';
import type { Dialect } from '../../infra/db/dialect';
import type { DynamicDb, DynamicTrx, Row } from '../../engine/records/dynamic-db';
import type { Mapping } from './import-mapping';

const now = () => new Date().toISOString();

/** What an import reads and keeps: saved mappings, committed batches, and records found by their keys. */
export function createImportRepository(db: Db, dynamic: DynamicDb, dialect: Dialect) {
  return {
    /** A user's saved mapping of a form; none for the command line's system actor (null). */
    async mapping(userId: number | null, form: string): Promise<Mapping | undefined> {
      if (userId === null) return undefined;
      const row = await db
        .selectFrom('import_mappings')
        .select('mapping')
        .where('user_id', '=', userId)
        .where('form', '=', form)
        .executeTakeFirst();
      return row ? (JSON.parse(row.mapping) as Mapping) : undefined;
    },

    async saveMapping(userId: number | null, form: string, mapping: Mapping): Promise<void> {
      if (userId === null) return;
      const values = { user_id: userId, form, mapping: JSON.stringify(mapping), updated_at: now() };
      await db
        .insertInto('import_mappings')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['user_id', 'form']).doUpdateSet({ mapping: values.mapping, updated_at: values.updated_at }),
        )
        .execute();
    },

    async addBatch(
      trx: DynamicTrx,
      batch: { batchId: string; form: string; table: string; userId: number | null; counts: unknown },
    ) {
      await (trx as unknown as Db)
        .insertInto('import_batches')
        .values({
          batch_id: batch.batchId,
          form: batch.form,
          table_name: batch.table,
          user_id: batch.userId,
          created_at: now(),
          counts: JSON.stringify(batch.counts),
        })
        .execute();
    },

    batch: (batchId: string) =>
      db.selectFrom('import_batches').selectAll().where('batch_id', '=', batchId).executeTakeFirst(),

    markUndone: (trx: DynamicTrx, batchId: string) =>
      (trx as unknown as Db)
        .updateTable('import_batches')
        .set({ undone_at: now() })
        .where('batch_id', '=', batchId)
        .execute(),

    /** The history rows an import left on its table (creates and updates), oldest first. */
    historyOf: (batchId: string, table: string) =>
      db
        .selectFrom('record_history')
        .select(['id', 'action', 'record_id', 'changes'])
        .where('batch_id', '=', batchId)
        .where('table_name', '=', table)
        .orderBy('id')
        .execute(),

    /**
     * Rows of a template table whose key columns (or id) hold one of `keys`: one query per batch.
     * `keys` by column looks each column up by its own keys only (an upsert's file names a record by
     * one column: an IGSN file asks nothing of the combined ids, which may have no index).
     */
    async findByKeys(
      executor: DynamicDb | DynamicTrx,
      table: string,
      keyColumns: readonly string[],
      keys: readonly string[] | ReadonlyMap<string, readonly string[]>,
      ids: readonly number[],
      extra: readonly string[] = [],
    ): Promise<Row[]> {
      const keysOf = (column: string) =>
        Array.isArray(keys) ? keys : ((keys as ReadonlyMap<string, readonly string[]>).get(column) ?? []);
      const looked = keyColumns.filter((column) => keysOf(column).length > 0);
      if (looked.length === 0 && ids.length === 0) return [];
      const columns = [...new Set(['id', ...keyColumns, ...extra])];
      return executor
        .selectFrom(table)
        .select(columns)
        .where((eb) =>
          eb.or([
            ...looked.map((column) => eb(column, 'in', keysOf(column))),
            ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
          ]),
        )
        .execute();
    },

    /** A value list's entries (display, remark), for reading a select column by either. */
    listItems: async (listName: string): Promise<{ display: string; remark: string | null }[]> =>
      (await dynamic
        .selectFrom('value_list_items as i')
        .innerJoin('value_lists as l', 'l.id', 'i.list_id')
        .select(['i.display', 'i.remark'])
        .where('l.listname', '=', listName)
        .execute()) as { display: string; remark: string | null }[],

    dynamic,
    dialect,
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
