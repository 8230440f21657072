import { type FilterDataModel, type FormField, type FormTemplate, parseExtraFilter } from '@mdis/shared';

type Entries = Readonly<Record<string, FilterDataModel>>;

/** The filter-bar levels no other level hangs below: the parent(s) of the form's own records. */
function leaves(entries: Entries): FilterDataModel[] {
  const required = new Set(Object.values(entries).flatMap((entry) => (entry.require ? [entry.require.value] : [])));
  return Object.entries(entries)
    .filter(([key]) => !required.has(key))
    .map(([, entry]) => entry);
}

/**
 * `column={recordField}`: how the options of a select of `model` are narrowed to the record's
 * parent, read from the form's filter levels (filterDataModels): a select of the form's own model
 * (a split's origin split) takes the siblings under the record's parent; a select of a model that
 * is a level of the form takes that level's records under the record's value of the level above
 * (a sample's sample request: those of its expedition). Undefined where the levels do not say.
 */
export function parentCondition(model: string, form: Pick<FormTemplate, 'dataModel' | 'filterDataModels'>) {
  const entries = form.filterDataModels;
  if (model === form.dataModel) {
    const parents = leaves(entries);
    const parent = parents.length === 1 ? parents[0] : undefined;
    return parent ? `${parent.ref}={${parent.ref}}` : undefined;
  }
  const level = Object.values(entries).find((entry) => entry.model === model && entry.require);
  const above = level?.require ? entries[level.require.value] : undefined;
  return level?.require && above ? `${level.require.as}={${above.ref}}` : undefined;
}

function scopedField(field: FormField, form: Pick<FormTemplate, 'dataModel' | 'filterDataModels'>): FormField {
  const source = field.formInput.selectSource;
  if (!source || source.type === 'list' || !source.model) return field;
  const condition = parentCondition(source.model, form);
  if (!condition) return field;
  const extraFilter = (source.extraFilter ?? '').trim();
  const key = condition.slice(0, condition.indexOf('='));
  // The template's own condition on that column wins.
  if (extraFilter !== '' && parseExtraFilter(extraFilter).some((part) => part.key === key)) return field;
  const scoped = extraFilter === '' ? condition : `${extraFilter}&${condition}`;
  return { ...field, formInput: { ...field.formInput, selectSource: { ...source, extraFilter: scoped } } };
}

/**
 * The form's fields with every relation or api select scoped to the record's parent (issue 18
 * §3.9: the Origin Split pulldown listed the first 100 splits of every expedition, and a W split
 * then failed on the server's same-section rule). Unchanged fields keep their identity.
 */
export function scopeSelectsToParent(form: FormTemplate): FormField[] {
  return form.fields.map((field) => scopedField(field, form));
}
