import {
  AppError,
  checkNewFormName,
  FORM_MESSAGES,
  normalizeFormField,
  normalizeListName,
  parseFormTemplate,
  validateFormTemplate,
  validationError,
  type FieldError,
  type FormTemplate,
  type ModelTemplate,
  PROTECTED_MODEL,
} from '@mdis/shared';
import type { TemplateStore } from '../../engine/templates/template-store';
import { withFormLinks, withParentFilters } from './form-links';
import { templateOfBody, type CreateOptions } from './model-writes';

export type FormCreateOptions = CreateOptions;

export interface FormWritesDeps {
  templates: TemplateStore;
  /** Names of the value lists (a select's list name not among them is upper-cased). */
  listNames: () => Promise<string[]>;
  /** Users' `form-{old}:*` permissions follow a rename. */
  renamePermissions: (from: string, to: string) => Promise<unknown>;
}

const refuseProtected = (dataModel: string, action: string) => {
  if (dataModel === PROTECTED_MODEL)
    throw new AppError('CONFLICT', `A form of ${PROTECTED_MODEL} cannot be ${action}.`);
};

/** The editor's sub/sup form picks, sent next to the template or inside it. */
function availableLinks(body: unknown): { sub?: unknown; sup?: unknown } {
  const outer = (body ?? {}) as Record<string, unknown>;
  const inner = (outer.template ?? {}) as Record<string, unknown>;
  return {
    sub: inner.availableSubForms ?? outer.availableSubForms,
    sup: inner.availableSupForms ?? outer.availableSupForms,
  };
}

/** Form template writes of `cg/api` (spec 3 §7); names kebab-case, checked against the data model. */
export function createFormWrites(deps: FormWritesDeps) {
  const { templates } = deps;

  /** Fields normalized (forced validators, disabled calculated inputs, list names), then checked. */
  async function prepared(form: FormTemplate, model: ModelTemplate, body: unknown): Promise<FormTemplate> {
    const [forms, models, lists] = await Promise.all([templates.listForms(), templates.listModels(), deps.listNames()]);
    const unknownLists: FieldError[] = [];
    const fields = form.fields.map((field, index) => {
      const normalized = normalizeFormField(field, model.columns[field.name]);
      const source = normalized.formInput.selectSource;
      if (source?.type === 'list' && source.listName) {
        source.listName = normalizeListName(source.listName, lists);
        // A select of a list that does not exist would show an empty dropdown in the data form.
        if (!lists.includes(source.listName))
          unknownLists.push({
            field: `fields.${String(index)}.formInput.selectSource.listName`,
            message: FORM_MESSAGES.listUnknown(source.listName),
          });
      }
      return normalized;
    });
    const context = { form: { ...form, fields }, model, forms, models };
    const linked = withFormLinks({ ...context, form: withParentFilters(context) }, availableLinks(body));
    const errors = [...validateFormTemplate(linked, model), ...unknownLists];
    if (errors.length > 0) throw validationError(errors);
    return linked;
  }

  async function modelOf(dataModel: string): Promise<ModelTemplate> {
    const model = await templates.getModel(dataModel);
    if (!model) throw validationError([{ field: 'dataModel', message: `The data model ${dataModel} does not exist.` }]);
    return model;
  }

  async function checkedName(proposed: string): Promise<string> {
    const existing = (await templates.listForms()).map((f) => f.name);
    const { name, error } = checkNewFormName(proposed, existing);
    if (error) throw validationError([{ field: 'name', message: error }]);
    return name;
  }

  return {
    async create(body: unknown, options: FormCreateOptions = {}): Promise<FormTemplate> {
      const raw = templateOfBody(body) as Record<string, unknown>;
      if (typeof raw.name !== 'string' || raw.name.trim() === '')
        throw validationError([{ field: 'name', message: FORM_MESSAGES.nameRequired }]);
      const parsed = parseFormTemplate(raw);
      refuseProtected(parsed.dataModel, 'created');
      const name = await checkedName(parsed.name);
      const model = options.pending?.find((m) => m.fullName === parsed.dataModel) ?? (await modelOf(parsed.dataModel));
      const stamps = options.keepTimestamps ? {} : { createdAt: null, modifiedAt: null, generatedAt: null };
      const form = await prepared({ ...parsed, ...stamps, name }, model, body);
      if (options.dryRun) return form;
      return templates.saveForm(form, { keepTimestamps: options.keepTimestamps ?? false });
    },

    /** The stored form changed; its name and data model stay as they are (read-only on update). */
    async update(name: string, body: unknown, options: { dryRun?: boolean } = {}): Promise<FormTemplate> {
      const previous = await templates.requireForm(name);
      const parsed = parseFormTemplate({ ...previous, ...(templateOfBody(body) as object) });
      const model = await modelOf(previous.dataModel);
      const form = await prepared({ ...parsed, name, dataModel: previous.dataModel }, model, body);
      if (options.dryRun) return form;
      return templates.saveForm(form);
    },

    async remove(name: string): Promise<void> {
      const form = await templates.requireForm(name);
      refuseProtected(form.dataModel, 'deleted');
      await templates.deleteForm(name);
    },

    rename: (name: string, newName: string) => renameForm(deps, checkedName, name, newName),
  };
}

/** A new name for a form; the sub/sup form buttons of other forms and the users' permissions follow. */
async function renameForm(
  { templates, renamePermissions }: FormWritesDeps,
  checkedName: (proposed: string) => Promise<string>,
  name: string,
  newName: string,
): Promise<FormTemplate> {
  const form = await templates.requireForm(name);
  refuseProtected(form.dataModel, 'renamed');
  const target = await checkedName(newName);
  const saved = await templates.saveForm({ ...form, name: target });
  for (const other of await templates.listForms((f) => name in f.subForms || name in f.supForms))
    await templates.saveForm(renamedLinks(other, name, target));
  await templates.deleteForm(name);
  await renamePermissions(name, target);
  return saved;
}

function renameKey<T>(map: Record<string, T & { url?: string | null }>, from: string, to: string) {
  return Object.fromEntries(
    Object.entries(map).map(([key, link]) =>
      key === from
        ? [to, { ...link, url: link.url === `/forms/${from}-form` ? `/forms/${to}-form` : link.url }]
        : [key, link],
    ),
  );
}

function renamedLinks(form: FormTemplate, from: string, to: string): FormTemplate {
  return { ...form, subForms: renameKey(form.subForms, from, to), supForms: renameKey(form.supForms, from, to) };
}

export type FormWrites = ReturnType<typeof createFormWrites>;
