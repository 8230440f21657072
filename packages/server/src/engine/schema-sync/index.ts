import { parseModelTemplate, type ModelTemplate } from '@mdis/shared';
import type { Dialect } from '../../infra/db/dialect';
import type { Db } from '../../infra/db/schema';
import type { TemplatesRepository } from '../templates/templates.repository';
import { applySchemaPlan } from './apply';
import type { AnyDb } from './ddl';
import { orderByDependencies } from './order';
import { planSchemaSync } from './plan';
import type { SchemaPlan } from './plan-types';

export { applySchemaPlan, dataLossOf, needsSqliteRebuild, type ApplyOptions } from './apply';
export { desiredTable, physicalIndexName, sqlTypeOf, type DesiredTable } from './desired-table';
export { introspectTable, resolveJoinTable, tableExists } from './introspect';
export { createIndexBuilder, createTableBuilder } from './ddl';
export { orderByDependencies } from './order';
export { planSchemaSync } from './plan';
export { describeStep, type SchemaPlan, type SchemaStep } from './plan-types';

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
