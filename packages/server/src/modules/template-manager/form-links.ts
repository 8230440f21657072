import type { FormLink, FormTemplate, ModelTemplate } from '@mdis/shared';

/**
 * Sub-form and sup-form buttons from the names the editor picked (`availableSubForms`,
 * `availableSupForms`): a button already in the template is kept as it is, a new one is built
 * the way the drilling forms have them, a button not picked any more is removed.
 */

export interface LinkContext {
  form: FormTemplate;
  model: ModelTemplate;
  forms: readonly FormTemplate[];
  models: readonly ModelTemplate[];
}

function names(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((v): v is string => typeof v === 'string' && v !== '');
}

const label = (name: string) =>
  name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The filter key of a model among a form's filter models (`hole` for ProjectHole), else the form name. */
function filterKeyOf(form: FormTemplate | undefined, modelName: string, fallback: string): string {
  const entry = Object.entries(form?.filterDataModels ?? {}).find(([, f]) => f.model === modelName);
  return entry?.[0] ?? fallback;
}

function subFormLink(context: LinkContext, child: FormTemplate | undefined, name: string): FormLink {
  const { form, model } = context;
  const ownKey = filterKeyOf(child, model.fullName, form.name);
  const filter = Object.entries(form.filterDataModels).map(([unit, f]) => ({ unit, fromField: f.ref }));
  return {
    buttonLabel: label(name),
    url: `/forms/${name}-form`,
    filter: [...filter, { unit: ownKey, fromField: 'id' }],
  };
}

function supFormLink(context: LinkContext, parentForm: FormTemplate | undefined, name: string): FormLink {
  const parentRelation = Object.values(context.model.relations).find((r) => r.relationType === 'parent');
  const parentIdField = parentRelation?.localColumns?.[0] ?? null;
  const filter = Object.entries(parentForm?.filterDataModels ?? {}).map(([unit, f]) => ({ unit, fromField: f.ref }));
  return { buttonLabel: label(name), url: `/forms/${name}-form`, parentIdField, filter };
}

function pick(
  current: Record<string, FormLink>,
  picked: string[] | undefined,
  build: (name: string) => FormLink,
): Record<string, FormLink> {
  if (!picked) return current;
  return Object.fromEntries(picked.map((name) => [name, current[name] ?? build(name)]));
}

export function withFormLinks(context: LinkContext, available: { sub?: unknown; sup?: unknown }): FormTemplate {
  const byName = (name: string) => context.forms.find((f) => f.name === name);
  const { form } = context;
  return {
    ...form,
    subForms: pick(form.subForms, names(available.sub), (name) => subFormLink(context, byName(name), name)),
    supForms: pick(form.supForms, names(available.sup), (name) => supFormLink(context, byName(name), name)),
  };
}

/**
 * A new form without a filter bar gets its parent's: the parent form's filter models plus the
 * parent itself, and the parent as the required filter (the filter bar then offers the chain).
 */
export function withParentFilters(context: LinkContext): FormTemplate {
  const { form, model, forms, models } = context;
  if (Object.keys(form.filterDataModels).length > 0 || !model.parentModel) return form;
  const parent = models.find((m) => m.fullName === model.parentModel);
  const relation = Object.values(model.relations).find((r) => r.relationType === 'parent');
  const ref = relation?.localColumns?.[0];
  if (!parent || !ref) return form;
  const parentForm = forms.find((f) => f.dataModel === parent.fullName);
  const inherited = parentForm?.filterDataModels ?? {};
  const known = forms.flatMap((f) => Object.entries(f.filterDataModels)).find(([, f]) => f.model === parent.fullName);
  const key = known?.[0] ?? ref.replace(/_id$/, '');
  const last = Object.entries(inherited).at(-1);
  const entry = {
    model: parent.fullName,
    value: 'id',
    text: known?.[1].text ?? 'id',
    ref,
    ...(last && { require: { value: last[0], as: last[1].ref } }),
  };
  return { ...form, filterDataModels: { ...inherited, [key]: entry }, requiredFilters: [{ value: key, as: ref }] };
}
