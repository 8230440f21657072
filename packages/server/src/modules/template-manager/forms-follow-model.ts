import type { FormTemplate, ModelTemplate } from '@mdis/shared';

/**
 * A form after its model changed: a field of a renamed column (the column's `oldName`) takes the
 * new name, a field whose column is gone is dropped. Null when the form needs no change. Without
 * this, a form would keep asking the records engine for a column that no longer exists.
 */
export function formFollowingModel(
  form: FormTemplate,
  previous: ModelTemplate,
  model: ModelTemplate,
): FormTemplate | null {
  const renamed = new Map<string, string>();
  for (const column of Object.values(model.columns))
    if (column.oldName && column.oldName !== column.name && column.oldName in previous.columns)
      renamed.set(column.oldName, column.name);
  const fields = form.fields.flatMap((field) => {
    const name = renamed.get(field.name) ?? field.name;
    if (!(name in model.columns)) return [];
    return name === field.name ? [field] : [{ ...field, name }];
  });
  const changed = fields.length !== form.fields.length || fields.some((field, index) => field !== form.fields[index]);
  return changed ? { ...form, fields } : null;
}
