import { AppError } from '@mdis/shared';
import { sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { ensureHistoryTriggers, ensureLinkHistoryTriggers } from '../../infra/db/history-triggers';
import { schemaChanged } from '../../infra/db/named-statements';
import {
  addColumn,
  alterColumnType,
  countRows,
  countValues,
  createIndex,
  createJoinTable,
  createTable,
  dropForeignKeyPg,
  restrictDeletes,
  type AnyDb,
} from './ddl';
import type { SchemaPlan, SchemaStep } from './plan-types';
import { createRowCounter } from './row-counter';
import { rebuildSqliteTable } from './sqlite-rebuild';
import { replaceSqliteTextTriggers, syncTextIndex } from './text-index';

export interface ApplyOptions {
  /** Drop columns that still hold values. Without it such a plan is refused (409). */
  allowDataLoss?: boolean;
  /** Runs inside the same transaction after the steps (e.g. recording the applied version). */
  onApplied?: (trx: AnyDb) => Promise<void>;
}

/** Steps SQLite's ALTER TABLE cannot do: the table is rebuilt from the target shape instead. */
const SQLITE_REBUILD: ReadonlySet<SchemaStep['kind']> = new Set([
  'alterColumn',
  'dropColumn',
  'addForeignKey',
  'dropForeignKey',
]);

/** Steps on other tables or triggers, applied after a SQLite rebuild (which covers the rest). */
const AFTER_REBUILD: ReadonlySet<SchemaStep['kind']> = new Set([
  'createJoinTable',
  'dropJoinTable',
  'createRowCounter',
  'syncTextIndex',
  'replaceTextIndexTriggers',
]);

export function needsSqliteRebuild(plan: SchemaPlan): boolean {
  return plan.steps.some((s) => SQLITE_REBUILD.has(s.kind));
}

/** What the plan would lose: a message per dropped column or join table that holds data. */
export async function dataLossOf(db: AnyDb, plan: SchemaPlan): Promise<string[]> {
  const losses: string[] = [];
  for (const step of plan.steps) {
    if (step.kind === 'dropColumn' && (await countValues(db, step.table, step.column)) > 0)
      losses.push(`Column ${step.column} of ${step.table} holds data; dropping it would lose the data.`);
    if (step.kind === 'dropJoinTable' && (await countRows(db, step.joinTable)) > 0)
      losses.push(`Join table ${step.joinTable} holds links; dropping it would lose the data.`);
  }
  return losses;
}

async function refuseDataLoss(trx: AnyDb, plan: SchemaPlan, options: ApplyOptions) {
  if (options.allowDataLoss) return;
  const [loss] = await dataLossOf(trx, plan);
  if (loss) throw new AppError('CONFLICT', loss, { table: plan.table });
}

async function applyStep(trx: AnyDb, dialect: Dialect, plan: SchemaPlan, step: SchemaStep) {
  switch (step.kind) {
    case 'createTable':
      return createTable(trx, dialect, plan.desired);
    case 'addColumn':
      return addColumn(trx, dialect, step.table, step.column, step.foreignKey);
    case 'renameColumn':
      return trx.schema.alterTable(step.table).renameColumn(step.from, step.to).execute();
    case 'alterColumn':
      return alterColumnType(trx, step.table, step.column);
    case 'dropColumn':
      return trx.schema.alterTable(step.table).dropColumn(step.column).execute();
    case 'addForeignKey': {
      const fk = step.foreignKey;
      return trx.schema
        .alterTable(step.table)
        .addForeignKeyConstraint(fk.name, [fk.column], fk.foreignTable, [fk.foreignColumn], (cb) =>
          restrictDeletes(cb, dialect),
        )
        .execute();
    }
    case 'dropForeignKey':
      return dropForeignKeyPg(trx, step.table, step.column);
    case 'createIndex':
      return createIndex(trx, dialect, step.table, step.index);
    case 'dropIndex':
      return trx.schema.dropIndex(step.name).execute();
    case 'createJoinTable':
      await createJoinTable(trx, step.joinTable, step);
      return ensureLinkHistoryTriggers(trx, dialect, step.joinTable, step);
    case 'dropJoinTable':
      return trx.schema.dropTable(step.joinTable).execute();
    case 'createRowCounter':
      return createRowCounter(trx, dialect, step.table);
    case 'syncTextIndex':
      return syncTextIndex(trx, dialect, step.table, step.columns, step.opclassSchema);
    case 'replaceTextIndexTriggers':
      return replaceSqliteTextTriggers(trx, step.table);
  }
}

async function applyInTransaction(trx: AnyDb, dialect: Dialect, plan: SchemaPlan, options: ApplyOptions) {
  await refuseDataLoss(trx, plan, options);
  if (dialect === 'sqlite' && needsSqliteRebuild(plan)) {
    await rebuildSqliteTable(trx, plan);
    for (const step of plan.steps) if (AFTER_REBUILD.has(step.kind)) await applyStep(trx, dialect, plan, step);
  } else {
    for (const step of plan.steps) await applyStep(trx, dialect, plan, step);
  }
  const columns = plan.desired.columns.map((column) => column.name);
  await ensureHistoryTriggers(trx, dialect, plan.table, columns);
  await options.onApplied?.(trx);
}

function failure(plan: SchemaPlan, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('CONFLICT', `was not able to create/re-create the table ${plan.table}: ${reason}`, {
    table: plan.table,
  });
}

/**
 * Applies a plan in one transaction: all of it or nothing. On SQLite a table rebuild needs foreign
 * key enforcement off (it can only be switched outside a transaction); the rebuild checks the
 * foreign keys itself before committing.
 */
export async function applySchemaPlan(db: AnyDb, dialect: Dialect, plan: SchemaPlan, options: ApplyOptions = {}) {
  const rebuild = dialect === 'sqlite' && needsSqliteRebuild(plan);
  if (rebuild) await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute((trx) => applyInTransaction(trx, dialect, plan, options));
    // SQLite's statistics of a new index on a table that holds rows (a rebuild loses them): the
    // list reads them to choose between an index and a scan for a range (records/range-hints.ts).
    // A new table is analysed when it has rows (the demo generator, the mDIS migration).
    const indexed = plan.steps.some((step) => step.kind === 'createIndex');
    if (dialect === 'sqlite' && (rebuild || indexed) && !plan.steps.some((step) => step.kind === 'createTable'))
      await sql`ANALYZE ${sql.table(plan.table)}`.execute(db);
  } catch (error) {
    throw failure(plan, error);
  } finally {
    if (rebuild) await sql`PRAGMA foreign_keys = ON`.execute(db);
    // Prepared statements of this instance may no longer fit the table (PostgreSQL).
    if (plan.steps.length > 0) schemaChanged();
  }
}
