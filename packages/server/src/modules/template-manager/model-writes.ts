import {
  checkNewModelName,
  parseModelTemplate,
  toUpperCamelCase,
  validationError,
  type ModelTemplate,
  type TableResult,
} from '@mdis/shared';
import type { Dialect } from '../../infra/db/dialect';
import type { BehaviorRegistry } from '../../engine/behaviors/behavior-registry';
import { dataLossOf, describeStep, planModelTable, syncModelTable } from '../../engine/schema-sync';
import { syncMaintainedColumns } from '../../engine/schema-sync/maintained';
import { isoToUnixSeconds, type TemplateStore } from '../../engine/templates/template-store';
import type { Db } from '../../infra/db/schema';
import { checkedModel } from './model-checks';
import { removeModel } from './model-delete';
import { oppositeModels } from './model-relations';
import { withIdentity, withoutDisplayKeys } from './model-shape';
import { systemTables } from './system-tables';
import { formFollowingModel } from './forms-follow-model';

export interface ModelWritesDeps {
  templates: TemplateStore;
  behaviors: BehaviorRegistry;
  db: Db;
  dialect: Dialect;
}

export interface CreateOptions {
  /** Keep the template's own timestamps (uploads of the original's files). */
  keepTimestamps?: boolean;
  /** Check only: answer the template as it would be stored, store nothing. */
  dryRun?: boolean;
  /** Models checked in the same upload but not stored (yet): parents and related models. */
  pending?: readonly ModelTemplate[];
}

export interface TableOptions {
  allowDataLoss?: boolean;
  dryRun?: boolean;
}

/** The template of a request body: `{template: {...}}` as the original's client sends it, or the template itself. */
export function templateOfBody(body: unknown): unknown {
  const wrapped = (body as { template?: unknown } | null)?.template;
  return withoutDisplayKeys(wrapped ?? body ?? {});
}

/** PostgreSQL cuts longer identifiers silently (MySQL refuses them): the table would not be the template's. */
const TABLE_NAME_MAX_LENGTH = 63;

/** A name that yields a table: not empty after upper camel case, not too long, not a system table's. */
async function assertUsableName(model: ModelTemplate): Promise<void> {
  if (model.name === '' || toUpperCamelCase(model.module) === '')
    throw validationError([{ field: 'name', message: 'Model name is invalid' }]);
  if (model.table.length > TABLE_NAME_MAX_LENGTH) {
    const message = `The table name ${model.table} is too long (at most ${String(TABLE_NAME_MAX_LENGTH)} characters).`;
    throw validationError([{ field: 'name', message }]);
  }
  if ((await systemTables()).has(model.table))
    throw validationError([{ field: 'name', message: `The table ${model.table} is reserved for the system.` }]);
}

/** A model template without the timestamps a client may send along: the store sets them. */
function fresh(template: ModelTemplate): ModelTemplate {
  return { ...template, createdAt: null, modifiedAt: null, generatedAt: null };
}

/**
 * Creates or alters the table (schema sync); dropping data needs `allowDataLoss`. With `dryRun`
 * the plan and what it would lose are answered and nothing changes (the editor asks first).
 */
async function buildTable(deps: ModelWritesDeps, fullName: string, options: TableOptions): Promise<TableResult> {
  const { templates } = deps;
  const model = await templates.requireModel(fullName);
  const sync = { allowDataLoss: options.allowDataLoss ?? false, templates: templates.repository };
  const plan = options.dryRun
    ? await planModelTable(deps.db, deps.dialect, model, sync)
    : await syncModelTable(deps.db, deps.dialect, model, sync);
  // The engine's maintained columns (a new table's, or those a behavior of the changed template keeps).
  if (!options.dryRun)
    await syncMaintainedColumns(deps.db, deps.dialect, deps.behaviors, await templates.listModels(), {
      only: [fullName],
    });
  const state = await templates.syncState(fullName);
  return {
    model: fullName,
    table: model.table,
    plan: plan.steps.map(describeStep),
    dataLoss: options.dryRun ? await dataLossOf(deps.db, plan) : [],
    isTableCreated: !options.dryRun || !plan.steps.some((s) => s.kind === 'createTable'),
    tableGenerationTimestamp: state?.appliedAt ? isoToUnixSeconds(state.appliedAt) : null,
  };
}

/** Model template writes of `cg/api` (spec 3 §7): each one checked, stored, its m:n partners kept in step. */
export function createModelWrites(deps: ModelWritesDeps) {
  const { templates } = deps;

  async function store(
    model: ModelTemplate,
    previous: ModelTemplate | undefined,
    models: ModelTemplate[],
    keep = false,
  ) {
    const saved = await templates.saveModel(model, { keepTimestamps: keep });
    for (const other of oppositeModels(saved, previous, models)) await templates.saveModel(other);
    return saved;
  }

  return {
    /** A new model; 'model name {x} already exists' when module + name is taken. */
    async create(body: unknown, options: CreateOptions = {}): Promise<ModelTemplate> {
      const raw = templateOfBody(body) as Record<string, unknown>;
      // Table and full name follow from module and name: a new model's editor sends them empty.
      const parsed = parseModelTemplate({ ...raw, table: raw.table || '-', fullName: raw.fullName || '-' });
      const models = [...(await templates.listModels()), ...(options.pending ?? [])];
      const name = checkNewModelName(
        parsed.module,
        parsed.name,
        models.map((m) => m.fullName),
      );
      if (name.error) throw validationError([{ field: 'name', message: name.error }]);
      const identified = withIdentity(options.keepTimestamps ? parsed : fresh(parsed), parsed.module, name.name);
      await assertUsableName(identified);
      const model = checkedModel(identified, models, deps.behaviors);
      if (options.dryRun) return model;
      return store(model, undefined, models, options.keepTimestamps);
    },

    /** The stored model changed; module, name, table and full name stay as they are. */
    async update(fullName: string, body: unknown, options: { dryRun?: boolean } = {}): Promise<ModelTemplate> {
      const previous = await templates.requireModel(fullName);
      const parsed = parseModelTemplate({ ...previous, ...(templateOfBody(body) as object) });
      const identified = { ...parsed, module: previous.module, name: previous.name, fullName, table: previous.table };
      const models = await templates.listModels();
      const model = checkedModel(identified, models, deps.behaviors, previous);
      if (options.dryRun) return model;
      const saved = await store(model, previous, models);
      for (const form of await templates.formsOfModel(fullName)) {
        const followed = formFollowingModel(form, previous, saved);
        if (followed) await templates.saveForm(followed);
      }
      return saved;
    },

    /** Removes the model and its forms; its m:n relations too when `removeRelations` (see removeModel). */
    remove: (fullName: string, options: { removeRelations?: boolean } = {}) =>
      removeModel(deps, fullName, options.removeRelations ?? false),

    createTable: (fullName: string, options: TableOptions) => buildTable(deps, fullName, options),
  };
}

export type ModelWrites = ReturnType<typeof createModelWrites>;
