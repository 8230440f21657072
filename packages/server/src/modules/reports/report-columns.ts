import { AppError, type ModelTemplate } from '@mdis/shared';
import type { ReportTarget } from './report-definition';

export interface ReportColumn {
  name: string;
  label: string;
}

/** A column's label: the form field's, else the model column's, else its name. */
function labelOf(target: ReportTarget, name: string): string {
  const field = target.form?.fields.find((f) => f.name === name);
  const column = Object.hasOwn(target.model.columns, name) ? target.model.columns[name] : undefined;
  return field?.label || column?.label || name;
}

/** Relation columns hold other records: not printed as cells. */
const PRINTABLE = (model: ModelTemplate, name: string) => {
  const type = Object.hasOwn(model.columns, name) ? model.columns[name].type : undefined;
  return type !== 'many_to_many' && type !== 'one_to_many';
};

/** Every column of the model, in template order. */
export function allColumns(target: ReportTarget): ReportColumn[] {
  return Object.keys(target.model.columns)
    .filter((name) => PRINTABLE(target.model, name))
    .map((name) => ({ name, label: labelOf(target, name) }));
}

/**
 * The table's visible columns (`columns=a,b`), else the form's fields (the model's columns without
 * a form). A name that is not a column of the model is a 400 naming it.
 */
export function visibleColumns(target: ReportTarget, names: string[] | undefined): ReportColumn[] {
  if (!names) {
    if (!target.form) return allColumns(target);
    return [
      { name: 'id', label: labelOf(target, 'id') },
      ...target.form.fields
        .map((f) => f.name)
        .filter((name) => name !== 'id' && Object.hasOwn(target.model.columns, name))
        .map((name) => ({ name, label: labelOf(target, name) })),
    ];
  }
  const unknown = names.find((name) => name !== 'id' && !Object.hasOwn(target.model.columns, name));
  if (unknown !== undefined) {
    throw new AppError('BAD_REQUEST', `Invalid query parameter 'columns': unknown column '${unknown}'.`);
  }
  return names.map((name) => ({ name, label: labelOf(target, name) }));
}

/** A value as a cell shows it: multi-values joined, empty for null. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}
