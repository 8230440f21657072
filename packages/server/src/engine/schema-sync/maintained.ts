import type { ModelTemplate } from '@mdis/shared';
import { sql } from 'kysely';
import { excludeFromPostgresHistory } from '../../infra/db/history-triggers';
import type { Dialect } from '../../infra/db/dialect';
import type { BehaviorRegistry } from '../behaviors/behavior-registry';
import {
  MAINTAINED_PREFIX,
  type MaintainedColumn,
  isMaintainedColumnName,
  maintainedColumns,
  maintainedSqlType,
  refreshMaintained,
} from '../records/maintained-columns';
import type { AnyDb } from './ddl';
import { physicalIndexName } from './desired-table';
import { introspectTable } from './introspect';

// Rows per backfill UPDATE: a slice of samples takes ~0.1 s (four depths, each reading the split,
// section, core and the sections above through their indexes); the event loop runs between.
const BACKFILL_BATCH = 500;

/** The index a maintained column is sorted by: (column, id), the list's tie-breaker included. */
export function maintainedIndexName(table: string, column: string): string {
  return physicalIndexName(table, column);
}

/**
 * Rewrites the maintained columns of every row of `table`, in slices of ids, yielding to the event
 * loop between slices: each slice is its own statement, so a write in between is never lost (its
 * own refresh and the slice read committed values).
 */
export async function backfillMaintained(
  db: AnyDb,
  table: string,
  columns: readonly MaintainedColumn[],
  batch = BACKFILL_BATCH,
): Promise<void> {
  if (columns.length === 0) return;
  const { rows } = await sql<{ low: unknown; high: unknown }>`
    SELECT MIN(id) AS low, MAX(id) AS high FROM ${sql.table(table)}`.execute(db);
  const low = Number(rows[0]?.low ?? 0);
  const high = Number(rows[0]?.high ?? 0);
  if (!Number.isFinite(low) || !Number.isFinite(high) || rows[0]?.low == null) return;
  for (let from = low; from <= high; from += batch) {
    const to = from + batch;
    await refreshMaintained(db, table, columns, sql`${sql.ref('r.id')} >= ${from} AND ${sql.ref('r.id')} < ${to}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The tables that hold a maintained column, in one query (most tables hold none and need no look). */
async function tablesHoldingMaintained(db: AnyDb, dialect: Dialect): Promise<Set<string>> {
  const pattern = `${MAINTAINED_PREFIX.replace(/_/g, '\\_')}%`;
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ table: string }>`SELECT DISTINCT table_name AS "table" FROM information_schema.columns
          WHERE table_schema = current_schema() AND column_name LIKE ${pattern} ESCAPE '\\'`.execute(db)
      : await sql<{ table: string }>`SELECT DISTINCT m.name AS "table" FROM sqlite_master m, pragma_table_info(m.name) p
          WHERE m.type = 'table' AND p.name LIKE ${pattern} ESCAPE '\\'`.execute(db);
  return new Set(rows.map((row) => row.table));
}

export interface MaintainedSyncOptions {
  /** Rewrite every maintained column, not only the ones just added (after rows were written by SQL). */
  backfillAll?: boolean;
}

export interface MaintainedSync {
  table: string;
  added: string[];
  dropped: string[];
}

async function syncTable(
  db: AnyDb,
  dialect: Dialect,
  table: string,
  wanted: readonly MaintainedColumn[],
  options: MaintainedSyncOptions,
): Promise<MaintainedSync | undefined> {
  const live = await introspectTable(db, dialect, table);
  if (!live) return undefined;
  const liveNames = new Set(live.columns.map((c) => c.name));
  const stale = live.columns.filter((c) => isMaintainedColumnName(c.name) && !wanted.some((w) => w.column === c.name));
  const added = wanted.filter((w) => !liveNames.has(w.column));
  for (const { name: column } of stale) {
    const index = maintainedIndexName(table, column);
    if (live.indices.some((i) => i.name === index)) await db.schema.dropIndex(index).execute();
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
  for (const column of added)
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN ${sql.ref(column.column)} ${sql.raw(
      maintainedSqlType(column.kind, dialect),
    )}`.execute(db);
  if (dialect === 'postgres' && (added.length > 0 || stale.length > 0))
    await excludeFromPostgresHistory(
      db,
      table,
      wanted.map((w) => w.column),
    );
  // Filled before the index is built: one sort of the finished values, not an index write per row.
  await backfillMaintained(db, table, options.backfillAll ? wanted : added);
  for (const { column } of wanted) {
    const index = maintainedIndexName(table, column);
    // NULLs first, as lists sort ascending (PostgreSQL's default puts them last; SQLite's is first):
    // an ascending sort reads the index forwards, a descending one backwards.
    const order = dialect === 'postgres' ? sql` NULLS FIRST` : sql``;
    if (!live.indices.some((i) => i.name === index))
      await sql`CREATE INDEX ${sql.ref(index)} ON ${sql.table(table)} (${sql.ref(column)}${order}, ${sql.ref('id')})`.execute(
        db,
      );
  }
  if (added.length === 0 && stale.length === 0) return undefined;
  return { table, added: added.map((c) => c.column), dropped: stale.map((c) => c.name) };
}

/**
 * Brings the maintained columns of the models' existing tables in line with what their behaviors
 * declare: adds the missing ones (filled in batches) with their (column, id) indexes, drops those no
 * behavior keeps any more. Run at every start (app.ts) and after a model's table is synced; a table
 * holding no maintained column and declaring none costs one introspection.
 */
export async function syncMaintainedColumns(
  db: AnyDb,
  dialect: Dialect,
  behaviors: BehaviorRegistry,
  templates: readonly ModelTemplate[],
  options: MaintainedSyncOptions = {},
): Promise<MaintainedSync[]> {
  const changed: MaintainedSync[] = [];
  const holding = await tablesHoldingMaintained(db, dialect);
  for (const template of templates) {
    const wanted = maintainedColumns(behaviors, template, dialect);
    if (wanted.length === 0 && !holding.has(template.table)) continue;
    const result = await syncTable(db, dialect, template.table, wanted, options);
    if (result) changed.push(result);
  }
  return changed;
}
