import { filterColumnInfo, type FormTemplate, type ModelTemplate } from '@mdis/shared';
import type { ValueFilterField } from './FilterByValueDialog';

/**
 * The form's fields that may be filtered by value: stored columns of the model, and pseudo
 * columns marked searchable; relation columns cannot be filtered.
 */
export function searchableFields(form: FormTemplate, model: ModelTemplate | undefined): ValueFilterField[] {
  if (!model) return [];
  return form.fields.flatMap((field): ValueFilterField[] => {
    const column = Object.hasOwn(model.columns, field.name) ? model.columns[field.name] : undefined;
    if (!column || (column.type === 'pseudo' && !column.searchable)) return [];
    const info = filterColumnInfo(column);
    if (!info) return [];
    return [{ name: field.name, label: field.label ?? field.name, kind: info.kind === 'number' ? 'number' : 'text' }];
  });
}
