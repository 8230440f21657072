import type { ModelTemplate } from '@mdis/shared';
import { sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { isMaintainedColumnName } from '../records/maintained-columns';
import { type AnyDb, createIndex } from './ddl';
import { desiredTable } from './desired-table';
import { introspectTable } from './introspect';
import { createMaintainedIndex, maintainedIndexName } from './maintained';

// PostgreSQL template indexes are built NULLS FIRST, the lists' ascending order (ddl.ts). One built
// before that (NULLS LAST) cannot serve an ascending sort, and schema sync rebuilds it only when its
// model is next synced, which an installation may not do for months. So every start looks once,
// in one catalog query, and rebuilds what it finds; after that the query finds nothing.

/** B-tree indexes made by CREATE INDEX in the current schema whose first column orders NULLs last. */
async function nullsLastIndexes(db: AnyDb): Promise<{ table: string; name: string }[]> {
  // indoption bit 2 = NULLS FIRST (as introspect.ts reads it). The first column only: an old index
  // had none NULLS FIRST, and a maintained column's index rightly orders its `id` (never NULL) plainly.
  const { rows } = await sql<{ table: string; name: string }>`
    SELECT t.relname AS "table", i.relname AS name
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_am am ON am.oid = i.relam
    WHERE t.relnamespace = current_schema()::regnamespace AND am.amname = 'btree'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      AND (x.indoption[0] & 2) = 0
    ORDER BY 1, 2`.execute(db);
  return rows;
}

/** The maintained column whose (column, id) index is `name`, if it is one. */
async function maintainedColumnIndexed(db: AnyDb, dialect: Dialect, table: string, name: string) {
  const live = await introspectTable(db, dialect, table);
  return live?.columns.find((c) => isMaintainedColumnName(c.name) && maintainedIndexName(table, c.name) === name)?.name;
}

/**
 * Rebuilds NULLS FIRST the template indexes (and maintained columns' (column, id) indexes) of the
 * models' tables that an older version built NULLS LAST; answers their names. Other indexes (the
 * app's own tables, join tables) are left alone. Each index is dropped and built in one transaction.
 */
export async function rebuildNullsLastIndexes(
  db: AnyDb,
  dialect: Dialect,
  templates: readonly ModelTemplate[],
): Promise<string[]> {
  if (dialect !== 'postgres') return [];
  const byTable = new Map(templates.map((template) => [template.table, template]));
  const rebuilt: string[] = [];
  for (const { table, name } of await nullsLastIndexes(db)) {
    const template = byTable.get(table);
    if (!template) continue;
    const index = desiredTable(template, dialect).indices.find((d) => d.physicalName === name);
    const column = index ? undefined : await maintainedColumnIndexed(db, dialect, table, name);
    if (!index && column === undefined) continue;
    await db.transaction().execute(async (trx) => {
      await trx.schema.dropIndex(name).execute();
      if (index) await createIndex(trx, dialect, table, index);
      else if (column !== undefined) await createMaintainedIndex(trx, dialect, table, column);
    });
    rebuilt.push(name);
  }
  return rebuilt;
}
