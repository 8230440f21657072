import type { FormField } from '@mdis/shared';
import type { RecordTarget } from '../../engine/records/record-target';

/** A column a file's header may be mapped to: a writable column of the form, a relation, or `id`. */
export interface ImportColumn {
  name: string;
  label: string;
  required: boolean;
  /** The template's `importSource` names (the original's importer): other headers that mean this column. */
  importSources: string[];
  field: FormField | undefined;
}

function importSourcesOf(value: unknown): string[] {
  if (typeof value === 'string')
    return value
      .split(/[,;|]/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** The columns an import into a form may fill, in the form's order, `id` first (the key of an update). */
export function importColumnsOf(target: RecordTarget): ImportColumn[] {
  const { model, form } = target;
  const fields = new Map((form?.fields ?? []).map((field) => [field.name, field]));
  const columns: ImportColumn[] = [{ name: 'id', label: 'ID', required: false, importSources: [], field: undefined }];
  for (const { column, label, field } of target.writable) {
    const required = column.required || column.name === model.parentColumn;
    columns.push({
      name: column.name,
      label,
      required,
      importSources: importSourcesOf(column.template.importSource),
      field,
    });
  }
  for (const relation of [...model.relations.manyToMany, ...model.relations.oneToMany]) {
    const field = fields.get(relation.name);
    if (form && !field) continue;
    const template = model.template.columns[relation.name];
    columns.push({
      name: relation.name,
      label: field?.label || relation.label,
      required: relation.required,
      importSources: importSourcesOf((template as { importSource?: unknown } | undefined)?.importSource),
      field,
    });
  }
  return columns;
}
