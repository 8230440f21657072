import { AppError, type FormTemplate, type ModelTemplate, type PermissionHolder } from '@mdis/shared';
import type { BehaviorInfo, BehaviorRegistry } from '../../engine/behaviors/behavior-registry';
import type { StoredTemplate, TemplateStore } from '../../engine/templates/template-store';
import { FORBIDDEN_MESSAGE } from '../../infra/auth/access-control';
import { mayViewForm, mayViewModel } from '../../engine/templates/template-access';

export interface ModelSummary {
  name: string;
  fullName: string;
  module: string;
  table: string;
  parentModel: string | null;
  createdAt: number | null;
  modifiedAt: number | null;
  generatedAt: number | null;
  isTableCreated: boolean;
  /** Unix seconds of the last schema sync, null when the table was never built here. */
  tableGenerationTimestamp: number | null;
  generatedFiles: { path: string; modified: boolean }[];
  columns: ModelTemplate['columns'];
}

export interface FormSummary {
  name: string;
  dataModel: string;
  modifiedAt: number | null;
  generatedAt: number | null;
  generatedFiles: { path: string; modified: boolean }[];
  customVueFile: boolean;
}

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
}

const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

async function presentModel(entry: StoredTemplate<ModelTemplate>, deps: TemplateManagerDeps): Promise<ModelSummary> {
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
    // The code generator arrives with the template-manager issue; nothing is generated yet.
    generatedFiles: [],
    columns: t.columns,
  };
}

function presentForm(form: FormTemplate): FormSummary {
  return {
    name: form.name,
    dataModel: form.dataModel,
    modifiedAt: form.modifiedAt ?? null,
    generatedAt: form.generatedAt ?? null,
    generatedFiles: [],
    customVueFile: false,
  };
}

/** The template reads of `cg/api` (spec 3 §7): what a user who may view the forms can see. */
export function createTemplateManagerService(deps: TemplateManagerDeps) {
  const { templates } = deps;
  return {
    /** Modules, models and forms; restricted to the forms the user may view and their models. */
    async summary(user: PermissionHolder): Promise<TemplateSummary> {
      const forms = (await templates.listForms()).filter((f) => mayViewForm(user, f.name));
      const entries = (await templates.describeModels()).filter((e) => mayViewModel(user, e.template.fullName, forms));
      const models = await Promise.all(entries.map((e) => presentModel(e, deps)));
      const modules = [...new Set(models.map((m) => m.module))].sort();
      return { modules, models, forms: forms.map(presentForm) };
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
