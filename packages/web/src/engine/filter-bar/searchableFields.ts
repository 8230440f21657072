import { filterColumnInfo, type ColumnAbilities, type FormTemplate, type ModelTemplate } from '@mdis/shared';
import type { ValueFilterField } from './FilterByValueDialog';

/**
 * The form's fields that may be filtered by value: those app/forms calls filterable (`abilities`),
 * else (not known yet) stored columns of the model and pseudo columns marked searchable; relation
 * columns cannot be filtered.
 */
export function searchableFields(
  form: FormTemplate,
  model: ModelTemplate | undefined,
  abilities?: Readonly<Record<string, ColumnAbilities>>,
): ValueFilterField[] {
  if (!model) return [];
  return form.fields.flatMap((field): ValueFilterField[] => {
    const column = Object.hasOwn(model.columns, field.name) ? model.columns[field.name] : undefined;
    if (!column) return [];
    const filterable = abilities
      ? Object.hasOwn(abilities, field.name) && abilities[field.name].filterable
      : column.type !== 'pseudo' || column.searchable;
    if (!filterable) return [];
    // A pseudo column's value is a number or text; the server compares it by what it computes.
    const info = column.type === 'pseudo' ? { kind: 'text' } : filterColumnInfo(column);
    if (!info) return [];
    return [{ name: field.name, label: field.label ?? field.name, kind: info.kind === 'number' ? 'number' : 'text' }];
  });
}
