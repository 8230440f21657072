import {
  formLabelOf,
  type ColumnAbilities,
  type FormMenuEntry,
  type FormTemplate,
  type FormsByModule,
  type PermissionHolder,
} from '@mdis/shared';
import type { TemplateStore } from '../../engine/templates/template-store';
import { mayViewForm } from '../../engine/templates/template-access';
import { dataModelOrder } from './data-model-order';

export type { FormMenuEntry, FormsByModule };

type FacetValues = NonNullable<FormMenuEntry['facetValues']>;

/** What a form's table may sort and filter by, per field (from the records engine's SQL). */
export type ColumnAbilitiesOf = (form: FormTemplate) => Promise<Record<string, ColumnAbilities>>;

/** The template's `facetValues`, kept only as lists of ids (a single id counts as a list of one). */
function facetValuesOf(form: FormTemplate): FacetValues | undefined {
  const raw = (form as { facetValues?: unknown }).facetValues;
  if (typeof raw !== 'object' || raw === null) return undefined;
  const values: FacetValues = {};
  for (const key of ['program', 'expedition'] as const) {
    const ids = [(raw as Record<string, unknown>)[key]].flat().filter((id) => Number.isInteger(id)) as number[];
    if (ids.length > 0) values[key] = ids;
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/**
 * `GET app/forms`: the forms the user may view, grouped by their model's module; modules and the
 * forms within them in the order of the data model (Project, Core, Curation, ...; Program,
 * Expedition, Site, Hole), forms of one depth by key. Forms whose model is missing are left out.
 */
export async function formsMenu(
  templates: TemplateStore,
  user: PermissionHolder,
  hasSpecialisedForm: (form: FormTemplate) => Promise<boolean> = () => Promise.resolve(false),
  abilitiesOf: ColumnAbilitiesOf = () => Promise.resolve({}),
): Promise<FormsByModule> {
  const models = await templates.listModels();
  const modules = new Map(models.map((m) => [m.fullName, m.module]));
  const order = dataModelOrder(models);
  const depth = (form: FormTemplate) => order.depth.get(form.dataModel) ?? 0;
  const groups: FormsByModule = {};
  const forms = (await templates.listForms())
    .filter((form) => modules.has(form.dataModel) && mayViewForm(user, form.name))
    .sort((a, b) => depth(a) - depth(b) || a.name.localeCompare(b.name));
  const specialised = await Promise.all(forms.map(hasSpecialisedForm));
  const abilities = await Promise.all(forms.map(abilitiesOf));
  for (const [index, form] of forms.entries()) {
    const module = modules.get(form.dataModel) ?? '';
    const columns = abilities[index] ?? {};
    const entry: FormMenuEntry = {
      key: form.name,
      label: formLabelOf(form),
      dataModel: form.dataModel,
      module,
      columns,
    };
    const facetValues = facetValuesOf(form);
    if (facetValues) entry.facetValues = facetValues;
    if (specialised[index]) entry.specialised = true;
    (groups[module] ??= []).push(entry);
  }
  return Object.fromEntries(
    order.modules.filter((module) => module in groups).map((module) => [module, groups[module]]),
  );
}
