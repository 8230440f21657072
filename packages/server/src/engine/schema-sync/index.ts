import { parseModelTemplate, type ModelTemplate } from '@mdis/shared';
import type { Dialect } from '../../infra/db/dialect';
import { ensureLinkHistoryTriggers } from '../../infra/db/history-triggers';
import type { Db } from '../../infra/db/schema';
import type { TemplatesRepository } from '../templates/templates.repository';
import { applySchemaPlan } from './apply';
import type { AnyDb } from './ddl';
import { orderByDependencies } from './order';
import { planSchemaSync } from './plan';
import type { SchemaPlan, SchemaStep } from './plan-types';
import { derivedSteps } from './derived-steps';
import { desiredTable } from './desired-table';
import { resolveJoinTable, tableExists } from './introspect';

export { applySchemaPlan, dataLossOf, needsSqliteRebuild, type ApplyOptions } from './apply';
export { desiredTable, physicalIndexName, sqlTypeOf, type DesiredTable } from './desired-table';
export { introspectTable, resolveJoinTable, tableExists } from './introspect';
export { createIndexBuilder, createTableBuilder } from './ddl';
export { orderByDependencies } from './order';
export { planSchemaSync } from './plan';
export { describeStep, type SchemaPlan, type SchemaStep } from './plan-types';
export { countedRows } from './row-counter';
export { textIndexTable } from './text-index';

export interface SyncOptions {
  allowDataLoss?: boolean;
  /** When given (and the template is stored), the applied template and version are recorded. */
  templates?: TemplatesRepository;
  now?: () => Date;
}

/** The plan of syncModelTable without applying it; the applied template tells which join tables to drop. */
export async function planModelTable(
  db: Db | AnyDb,
  dialect: Dialect,
  template: ModelTemplate,
  options: Pick<SyncOptions, 'templates'> = {},
): Promise<SchemaPlan> {
  const state = options.templates ? await options.templates.syncState(template.fullName) : undefined;
  const previous = state?.appliedData ? parseModelTemplate(state.appliedData) : undefined;
  return planSchemaSync(db as AnyDb, dialect, template, previous);
}

/** Plans and applies in one go; returns the plan that was applied. */
export async function syncModelTable(
  db: Db | AnyDb,
  dialect: Dialect,
  template: ModelTemplate,
  options: SyncOptions = {},
): Promise<SchemaPlan> {
  const anyDb = db as AnyDb;
  const { templates } = options;
  const state = templates ? await templates.syncState(template.fullName) : undefined;
  const plan = await planModelTable(db, dialect, template, options);
  await applySchemaPlan(anyDb, dialect, plan, {
    allowDataLoss: options.allowDataLoss ?? false,
    onApplied: async (trx) => {
      if (!templates || !state) return;
      const at = (options.now ?? (() => new Date()))().toISOString();
      await templates.markApplied(trx, template.fullName, JSON.stringify(template), state.version, at);
    },
  });
  return plan;
}

/**
 * Drops the join table between two tables (either name), links and all: for an m:n relation
 * removed outside a template sync (a model deleted with its relations). Answers the dropped name.
 */
export async function dropJoinTable(
  db: Db | AnyDb,
  dialect: Dialect,
  table: string,
  relatedTable: string,
): Promise<string | undefined> {
  const joinTable = await resolveJoinTable(db as AnyDb, dialect, table, relatedTable);
  if (joinTable) await (db as AnyDb).schema.dropTable(joinTable).execute();
  return joinTable;
}

/** Syncs several models, parents first (see orderByDependencies); each in its own transaction. */
export async function syncModelTables(
  db: Db | AnyDb,
  dialect: Dialect,
  templates: readonly ModelTemplate[],
  options: SyncOptions = {},
): Promise<SchemaPlan[]> {
  const plans: SchemaPlan[] = [];
  for (const template of orderByDependencies(templates))
    plans.push(await syncModelTable(db, dialect, template, options));
  return plans;
}

/**
 * Brings the row counters and text indexes of existing tables in line with their templates, and
 * nothing else: run at every start, so a database from before they existed (or one whose pg_trgm
 * became available) gets them without a template change. Each table in its own transaction.
 */
export async function syncDerivedStructures(
  db: Db | AnyDb,
  dialect: Dialect,
  templates: readonly ModelTemplate[],
): Promise<SchemaStep[]> {
  const anyDb = db as AnyDb;
  const applied: SchemaStep[] = [];
  for (const template of templates) {
    if (!(await tableExists(anyDb, dialect, template.table))) continue;
    const steps = await derivedSteps(anyDb, dialect, desiredTable(template, dialect), false);
    if (steps.length === 0) continue;
    const plan: SchemaPlan = { table: template.table, desired: desiredTable(template, dialect), sources: {}, steps };
    try {
      await applySchemaPlan(anyDb, dialect, plan);
      applied.push(...steps);
    } catch (error) {
      // The lists still work without them (counted and scanned): a start never fails here.
      const reason = error instanceof Error ? error.message : String(error);
      process.emitWarning(`Could not add the row counter or text index of ${template.table}: ${reason}`);
    }
  }
  return applied;
}

/**
 * At start: the m:n join tables of the models get their history triggers if they lack them (a
 * database from before links were recorded). The sides follow the join table's name (`<a>_<b>`:
 * `a` is its own side), so the two models of a relation describe it alike.
 */
export async function ensureLinkHistoryOn(
  db: Db | AnyDb,
  dialect: Dialect,
  templates: readonly ModelTemplate[],
): Promise<void> {
  const anyDb = db as AnyDb;
  for (const template of templates) {
    for (const join of desiredTable(template, dialect).joinTables) {
      const joinTable = await resolveJoinTable(anyDb, dialect, template.table, join.relatedTable);
      if (!joinTable) continue;
      const sides =
        joinTable === `${template.table}_${join.relatedTable}`
          ? { table: template.table, ...join }
          : {
              table: join.relatedTable,
              relatedTable: template.table,
              ownColumn: join.relatedColumn,
              relatedColumn: join.ownColumn,
            };
      await anyDb.transaction().execute((trx) => ensureLinkHistoryTriggers(trx, dialect, joinTable, sides));
    }
  }
}
