import {
  AppError,
  type FormTemplate,
  type FormTemplateSummary,
  type ModelTemplate,
  type ModelTemplateSummary,
  type PermissionHolder,
} from '@mdis/shared';
import type { BehaviorInfo, BehaviorRegistry } from '../../engine/behaviors/behavior-registry';
import type { StoredTemplate, TemplateStore } from '../../engine/templates/template-store';
import { FORBIDDEN_MESSAGE } from '../../infra/auth/access-control';
import { mayViewForm, mayViewModel } from '../../engine/templates/template-access';
import type { Dialect } from '../../infra/db/dialect';
import type { Db } from '../../infra/db/schema';
import { createFormWrites } from './form-writes';
import { renameFormPermissions } from './form-permissions';
import { formTemplateSeed, type FormSeed } from './form-seed';
import { createCodeGenerator, type CodeGenerator } from './generator/code-generator';
import type { GeneratedFilesRepository } from './generator/generated-files.repository';
import { createModelWrites } from './model-writes';
import { createDuplicator } from './template-duplicate';
import { createTemplateTransfer } from './template-transfer';
import { valueListNames } from './value-list-names';

export type ModelSummary = ModelTemplateSummary<ModelTemplate['columns']>;
export type FormSummary = FormTemplateSummary;

export interface TemplateSummary {
  modules: string[];
  models: ModelSummary[];
  forms: FormSummary[];
}

export interface TemplateManagerDeps {
  templates: TemplateStore;
  tableExists: (table: string) => Promise<boolean>;
  /** The server's behaviors, listed for the model editor (the catalog of `cg/api/behaviors`). */
  behaviors: BehaviorRegistry;
  db: Db;
  dialect: Dialect;
  /** The code generator's files (in the database, the same on every instance). */
  generatedFiles: GeneratedFilesRepository;
  /** The generated folder (inside the data dir): the developer's copy of the generated files. */
  generatedDir: string;
}

const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

async function presentModel(
  entry: StoredTemplate<ModelTemplate>,
  deps: TemplateManagerDeps,
  generator: CodeGenerator,
): Promise<ModelSummary> {
  const t = entry.template;
  return {
    name: t.name,
    fullName: t.fullName,
    module: t.module,
    table: t.table,
    parentModel: t.parentModel || null,
    createdAt: t.createdAt ?? null,
    modifiedAt: t.modifiedAt ?? null,
    generatedAt: t.generatedAt ?? null,
    isTableCreated: await deps.tableExists(t.table),
    tableGenerationTimestamp: seconds(entry.appliedAt),
    generatedFiles: await generator.generatedFiles('model', t),
    columns: t.columns,
  };
}

async function presentForm(form: FormTemplate, generator: CodeGenerator): Promise<FormSummary> {
  return {
    name: form.name,
    dataModel: form.dataModel,
    modifiedAt: form.modifiedAt ?? null,
    generatedAt: form.generatedAt ?? null,
    generatedFiles: await generator.generatedFiles('form', form),
    customVueFile: await generator.hasCustomForm(form),
  };
}

/** The template reads of `cg/api` (spec 3 §7): what a user who may view the forms can see. */
export function createTemplateManagerService(deps: TemplateManagerDeps) {
  const { templates } = deps;
  const models = createModelWrites(deps);
  const generator = createCodeGenerator(templates, deps.generatedFiles, deps.generatedDir);
  const forms = createFormWrites({
    templates,
    listNames: () => valueListNames(deps.db),
    renamePermissions: (from, to) => renameFormPermissions(deps.db, from, to),
  });
  return {
    models,
    forms,
    duplicate: createDuplicator(templates, models, forms),
    transfer: createTemplateTransfer(templates, models, forms),
    generator,

    async formTemplateSeed(modelName: string): Promise<FormSeed> {
      return formTemplateSeed(await templates.requireModel(modelName), await templates.listModels());
    },

    /** Modules, models and forms; restricted to the forms the user may view and their models. */
    async summary(user: PermissionHolder): Promise<TemplateSummary> {
      const forms = (await templates.listForms()).filter((f) => mayViewForm(user, f.name));
      const entries = (await templates.describeModels()).filter((e) => mayViewModel(user, e.template.fullName, forms));
      const models = await Promise.all(entries.map((e) => presentModel(e, deps, generator)));
      const modules = [...new Set(models.map((m) => m.module))].sort();
      return { modules, models, forms: await Promise.all(forms.map((f) => presentForm(f, generator))) };
    },

    async modelTemplate(user: PermissionHolder, fullName: string): Promise<ModelTemplate> {
      const model = await templates.requireModel(fullName);
      if (!mayViewModel(user, fullName, await templates.formsOfModel(fullName)))
        throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      return model;
    },

    /** The behaviors a developer may add to a model template (spec 3 Behavior info), sorted by name. */
    behaviors(): BehaviorInfo[] {
      return deps.behaviors.list();
    },

    async formTemplate(user: PermissionHolder, name: string): Promise<FormTemplate> {
      const form = await templates.requireForm(name);
      if (!mayViewForm(user, name)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      return form;
    },
  };
}

export type TemplateManagerService = ReturnType<typeof createTemplateManagerService>;
