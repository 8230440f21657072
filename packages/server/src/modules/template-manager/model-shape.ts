import {
  dropUnknownIndexColumns,
  fullNameOf,
  newModelIdColumn,
  parentLink,
  tableNameOf,
  toUpperCamelCase,
  type ModelTemplate,
} from '@mdis/shared';

/** Keys the summary and the editors add to a template for display; they are never stored. */
const DISPLAY_KEYS = [
  'isTableCreated',
  'tableGenerationTimestamp',
  'generatedFiles',
  'availableSubForms',
  'availableSupForms',
] as const;

export function withoutDisplayKeys<T extends object>(template: T): T {
  const keys: readonly string[] = DISPLAY_KEYS;
  return Object.fromEntries(Object.entries(template).filter(([key]) => !keys.includes(key))) as T;
}

/** A map without the given keys. */
export function without<T>(map: Record<string, T>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(map).filter(([key]) => !keys.includes(key)));
}

/** Name in upper camel case; full name and table derived from module and name (spec 3 §3). */
export function withIdentity(template: ModelTemplate, module: string, name: string): ModelTemplate {
  const upper = toUpperCamelCase(name);
  return {
    ...template,
    module: toUpperCamelCase(module),
    name: upper,
    fullName: fullNameOf(module, upper),
    table: tableNameOf(module, upper),
  };
}

/** A model always has the id column and its PRIMARY index (a new model starts with them). */
export function withIdColumn(template: ModelTemplate): ModelTemplate {
  if ('id' in template.columns) return template;
  const { column, index } = newModelIdColumn();
  const hasPrimary = Object.values(template.indices).some((i) => i.type === 'PRIMARY');
  return {
    ...template,
    columns: { id: column, ...template.columns },
    indices: hasPrimary ? template.indices : { [index.name]: index, ...template.indices },
  };
}

/**
 * The parent column ({parent name}_id, parent_id for a self-parent, size 11), its index and the
 * parent relation. A parent relation to another table (the parent model changed) is replaced with
 * its column and index, as the editor does it (spec 3 §4).
 */
export function withParentLink(template: ModelTemplate, parent: ModelTemplate | undefined): ModelTemplate {
  if (!parent) return template;
  const stale = Object.entries(template.relations).filter(
    ([, r]) => r.relationType === 'parent' && r.foreignTable !== parent.table,
  );
  const staleColumns = stale.flatMap(([, r]) => r.localColumns ?? []);
  const relations = without(
    template.relations,
    stale.map(([key]) => key),
  );
  const columns = without(template.columns, staleColumns);
  const indices = without(
    template.indices,
    Object.keys(template.indices).filter((key) => template.indices[key].columns.some((c) => staleColumns.includes(c))),
  );
  if (Object.values(relations).some((r) => r.relationType === 'parent'))
    return { ...template, relations, columns, indices };
  const link = parentLink(template, parent);
  const column = link.column.name;
  columns[column] ??= link.column;
  if (!Object.values(indices).some((i) => i.columns[0] === column)) indices[column] = link.index;
  relations[link.relation.name] = link.relation;
  return { ...template, relations, columns, indices };
}

/** Everything the server fills in before a model template is checked and stored. */
export function shapeModel(template: ModelTemplate, parent: ModelTemplate | undefined): ModelTemplate {
  return dropUnknownIndexColumns(withParentLink(withIdColumn(withoutDisplayKeys(template)), parent));
}
