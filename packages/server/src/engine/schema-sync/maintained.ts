import type { ModelTemplate } from '@mdis/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { runWithoutHistory } from '../../infra/db/audit-context';
import { excludeFromPostgresHistory } from '../../infra/db/history-triggers';
import { schemaChanged } from '../../infra/db/named-statements';
import type { Dialect } from '../../infra/db/dialect';
import type { BehaviorRegistry } from '../behaviors/behavior-registry';
import {
  MAINTAINED_PREFIX,
  type MaintainedColumn,
  isMaintainedColumnName,
  maintainedColumns,
  maintainedSqlType,
} from '../records/maintained-columns';
import { refreshMaintainedSetBased } from '../records/maintained-set-based';
import { type RecordModel, type TemplateSource, loadRecordModel } from '../records/record-model';
import type { AnyDb } from './ddl';
import { physicalIndexName } from './desired-table';
import { introspectTable } from './introspect';

// Ids per backfill UPDATE: one set-based statement per range of 50,000 ids (the per-statement cost
// of 500-id slices and a history trigger per row made the first start on 1M samples take ~5 min),
// each parent's values computed once per range (refreshMaintainedSetBased).
// The event loop runs between chunks; on SQLite a chunk holds it while it runs (at start the
// server is not listening yet; after a template change only new columns are filled).
export const BACKFILL_CHUNK = 50_000;

/** The index a maintained column is sorted by: (column, id), the list's tie-breaker included. */
export function maintainedIndexName(table: string, column: string): string {
  return physicalIndexName(table, column);
}

/** The (column, id) index of a maintained column. */
export async function createMaintainedIndex(db: AnyDb, dialect: Dialect, table: string, column: string): Promise<void> {
  // NULLs first, as lists sort ascending (PostgreSQL's default puts them last; SQLite's is first):
  // an ascending sort reads the index forwards, a descending one backwards.
  const order = dialect === 'postgres' ? sql` NULLS FIRST` : sql``;
  const index = maintainedIndexName(table, column);
  await sql`CREATE INDEX ${sql.ref(index)} ON ${sql.table(table)} (${sql.ref(column)}${order}, ${sql.ref('id')})`.execute(
    db,
  );
}

/** One range's rewrite in its own transaction; PostgreSQL's JIT is off for it (see below). */
async function backfillRange(
  db: AnyDb,
  dialect: Dialect,
  table: string,
  columns: readonly MaintainedColumn[],
  range: RawBuilder<SqlBool>,
) {
  if (db.isTransaction) return refreshMaintainedSetBased(db, table, columns, range);
  return db.transaction().execute(async (trx) => {
    // The statement's cost estimate is large (correlated subqueries per row), so PostgreSQL would
    // JIT-compile its many expressions: 5-9 s per 50k-id range measured, for a plan run once.
    if (dialect === 'postgres') await sql`SET LOCAL jit = off`.execute(trx);
    await refreshMaintainedSetBased(trx, table, columns, range);
  });
}

/**
 * Rewrites the maintained columns of every row of `table`, in ranges of ids, yielding to the event
 * loop between them: each range is its own transaction, so a write in between is never lost (its
 * own refresh and the range read committed values). A derived copy, not anyone's edit: written
 * without history rows (PostgreSQL's row trigger would otherwise diff every row).
 */
export async function backfillMaintained(
  db: AnyDb,
  dialect: Dialect,
  table: string,
  columns: readonly MaintainedColumn[],
  chunk = BACKFILL_CHUNK,
): Promise<void> {
  if (columns.length === 0) return;
  const { rows } = await sql<{ low: unknown; high: unknown }>`
    SELECT MIN(id) AS low, MAX(id) AS high FROM ${sql.table(table)}`.execute(db);
  const low = Number(rows[0]?.low ?? 0);
  const high = Number(rows[0]?.high ?? 0);
  if (!Number.isFinite(low) || !Number.isFinite(high) || rows[0]?.low == null) return;
  for (let from = low; from <= high; from += chunk) {
    const range = sql<SqlBool>`${sql.ref('r.id')} >= ${from} AND ${sql.ref('r.id')} < ${from + chunk}`;
    await runWithoutHistory(() => backfillRange(db, dialect, table, columns, range));
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
  /** Only these models (full names); the others of the list are read for their parent chains. */
  only?: readonly string[];
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
  if (added.length > 0 || stale.length > 0) schemaChanged();
  if (dialect === 'postgres' && (added.length > 0 || stale.length > 0))
    await excludeFromPostgresHistory(
      db,
      table,
      wanted.map((w) => w.column),
    );
  // Filled before the index is built: one sort of the finished values, not an index write per row.
  await backfillMaintained(db, dialect, table, options.backfillAll ? wanted : added);
  for (const { column } of wanted)
    if (!live.indices.some((i) => i.name === maintainedIndexName(table, column)))
      await createMaintainedIndex(db, dialect, table, column);
  if (added.length === 0 && stale.length === 0) return undefined;
  return { table, added: added.map((c) => c.column), dropped: stale.map((c) => c.name) };
}

/** The models of a list as a template source: the parent chains of maintained expressions. */
function listSource(templates: readonly ModelTemplate[]): TemplateSource {
  const byName = new Map(templates.map((t) => [t.fullName, t]));
  return {
    getModel: (fullName) => Promise.resolve(byName.get(fullName)),
    getForm: () => Promise.resolve(undefined),
    listForms: () => Promise.resolve([]),
    listModels: (which = () => true) => Promise.resolve(templates.filter(which)),
  };
}

/**
 * Brings the maintained columns of the models' existing tables in line with what their behaviors
 * and expressions declare: adds the missing ones (filled in chunks) with their (column, id) indexes,
 * drops those no longer kept. Run at every start (app.ts) and after a model's table is synced; a
 * table holding no maintained column and declaring none costs one introspection. `templates` are
 * all the models (parent chains are resolved in it); `options.only` narrows the tables synced.
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
  const source = listSource(templates);
  for (const template of templates) {
    if (options.only && !options.only.includes(template.fullName)) continue;
    const model: RecordModel = await loadRecordModel(source, template.fullName);
    const wanted = maintainedColumns(behaviors, model, dialect);
    if (wanted.length === 0 && !holding.has(template.table)) continue;
    const result = await syncTable(db, dialect, template.table, wanted, options);
    if (result) changed.push(result);
  }
  return changed;
}
