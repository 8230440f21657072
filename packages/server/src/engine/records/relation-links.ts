import { AppError } from '@mdis/shared';
import { sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { resolveJoinTable } from '../schema-sync';
import type { DynamicDb, DynamicTrx } from './dynamic-db';
import type { RecordModel } from './record-model';
import type { ManyToManyColumn } from './record-relations';

type Executor = DynamicDb | DynamicTrx;

const ID_CHUNK = 10000;

export const joinTableMissing = (column: string) =>
  `The join table of ${column} does not exist: the model's table must be synced first.`;

/** The link rows of `ids` in a join table, ordered by record and related id. */
async function selectLinks(db: Executor, table: string, column: ManyToManyColumn, ids: readonly number[]) {
  const own = sql.ref(column.ownColumn);
  const related = sql.ref(column.relatedColumn);
  const result = await sql<{
    record_id: number | string;
    related_id: number | string;
  }>`SELECT ${own} AS record_id, ${related} AS related_id FROM ${sql.table(table)} WHERE ${own} IN (${sql.join(ids)}) ORDER BY ${own}, ${related}`.execute(
    db,
  );
  return result.rows;
}

function groupLinks(linked: Map<number, number[]>, rows: readonly { record_id: unknown; related_id: unknown }[]) {
  for (const row of rows) {
    const id = Number(row.record_id);
    const list = linked.get(id) ?? [];
    list.push(Number(row.related_id));
    linked.set(id, list);
  }
}

/**
 * Queries on the join tables of many_to_many columns. Table and column names come from the
 * templates (RecordModel.relations); the join table's name (`<a>_<b>` or `<b>_<a>`, whichever side
 * schema sync created first) is looked up once and then kept: join tables are never renamed, and
 * a table not created yet is looked up again next time.
 */
export function createRelationLinks(db: DynamicDb, dialect: Dialect) {
  const joinTables = new Map<string, string>();

  // Inside a write the lookup runs on the transaction: SQLite has one connection, held by it.
  async function joinTableOf(
    executor: Executor,
    model: RecordModel,
    column: ManyToManyColumn,
  ): Promise<string | undefined> {
    const key = `${model.table}\u0000${column.relatedTable}`;
    const known = joinTables.get(key);
    if (known) return known;
    const found = await resolveJoinTable(executor, dialect, model.table, column.relatedTable);
    if (found) joinTables.set(key, found);
    return found;
  }

  async function requireJoinTable(trx: DynamicTrx, model: RecordModel, column: ManyToManyColumn): Promise<string> {
    const table = await joinTableOf(trx, model, column);
    if (!table) throw new AppError('CONFLICT', joinTableMissing(column.name));
    return table;
  }

  return {
    /** The related ids of a page of records, sorted: ONE query for the whole page. */
    /** `executor`: a write's transaction, when the read is part of it (SQLite: its only connection). */
    async linkedIds(
      model: RecordModel,
      column: ManyToManyColumn,
      ids: readonly number[],
      executor: Executor = db,
    ): Promise<Map<number, number[]>> {
      const linked = new Map<number, number[]>();
      const table = ids.length > 0 ? await joinTableOf(executor, model, column) : undefined;
      if (!table) return linked;
      // Bound parameters per statement are limited (SQLite 32766, PostgreSQL 65535): a page of
      // more than ID_CHUNK records (per-page=-1) is read in slices; any smaller page in one query.
      for (let start = 0; start < ids.length; start += ID_CHUNK)
        groupLinks(linked, await selectLinks(executor, table, column, ids.slice(start, start + ID_CHUNK)));
      return linked;
    },

    /**
     * Replaces a record's links by `relatedIds` (inside the caller's transaction). Only the links
     * that change are removed or added: each one is a version in the record history.
     */
    async replaceLinks(
      trx: DynamicTrx,
      model: RecordModel,
      column: ManyToManyColumn,
      id: number,
      relatedIds: readonly number[],
    ): Promise<void> {
      const table = await requireJoinTable(trx, model, column);
      let removed = trx.deleteFrom(table).where(column.ownColumn, '=', id);
      if (relatedIds.length > 0) removed = removed.where(column.relatedColumn, 'not in', relatedIds);
      await removed.execute();
      if (relatedIds.length === 0) return;
      const rows = relatedIds.map((relatedId) => ({ [column.ownColumn]: id, [column.relatedColumn]: relatedId }));
      await trx
        .insertInto(table)
        .values(rows)
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    /** Which of `ids` exist in `table`: one query. */
    async existingIds(trx: Executor, table: string, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const result = await sql<{
        id: number | string;
      }>`SELECT id FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})`.execute(trx);
      return new Set(result.rows.map((row) => Number(row.id)));
    },
  };
}

export type RelationLinks = ReturnType<typeof createRelationLinks>;
