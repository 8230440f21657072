import { AppError, type FormField, type FormTemplate } from '@mdis/shared';
import { type RecordColumn, type RecordModel, type TemplateSource, deepFreeze, loadRecordModel } from './record-model';

/** How a request names its records: a form (`api/v1/form?name=`) or a bare model (`api/v1/global?name=`). */
export interface RecordTargetRef {
  kind: 'form' | 'global';
  name: string;
}

/** A resolved target: the model, the form (form API), and the forms whose permissions count. */
export interface RecordTarget {
  model: RecordModel;
  form: FormTemplate | undefined;
  formNames: string[];
  /** The columns a write may set, with the labels validation messages use. */
  writable: WritableColumn[];
}

export interface WritableColumn {
  column: RecordColumn;
  label: string;
  field: FormField | undefined;
}

export const FORM_NOT_FOUND = 'form not found';

function writableColumns(model: RecordModel, form: FormTemplate | undefined): WritableColumn[] {
  const fields = new Map((form?.fields ?? []).map((field) => [field.name, field]));
  const extra = new Set([model.parentColumn, ...(form?.requiredFilters ?? []).map((f) => f.as)]);
  return model.columns
    .filter((column) => !(column.template.primaryKey && column.template.autoInc) && column.name !== 'id')
    .filter((column) => !form || fields.has(column.name) || extra.has(column.name))
    .map((column) => {
      const field = fields.get(column.name);
      return { column, field, label: field?.label || column.label };
    });
}

/** The target of a request: resolved once per template revision and shared (frozen) by every request. */
export function resolveTarget(source: TemplateSource, ref: RecordTargetRef): Promise<RecordTarget> {
  const build = async () => deepFreeze(await buildTarget(source, ref));
  return source.derive ? source.derive(`target:${ref.kind}:${ref.name}`, build) : build();
}

async function buildTarget(source: TemplateSource, ref: RecordTargetRef): Promise<RecordTarget> {
  if (ref.kind === 'form') {
    const form = await source.getForm(ref.name);
    if (!form) throw new AppError('NOT_FOUND', FORM_NOT_FOUND);
    const model = await loadRecordModel(source, form.dataModel);
    return { model, form, formNames: [form.name], writable: writableColumns(model, form) };
  }
  const model = await loadRecordModel(source, ref.name);
  const forms = await source.listForms((form) => form.dataModel === model.fullName);
  return { model, form: undefined, formNames: forms.map((f) => f.name), writable: writableColumns(model, undefined) };
}
