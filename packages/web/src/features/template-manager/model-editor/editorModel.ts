import {
  fullNameOf,
  newModelIdColumn,
  parentRelationName,
  tableNameOf,
  toUpperCamelCase,
  type ModelTemplate,
} from '@mdis/shared';

/** What the editor needs to know of another model (the summary's entries). */
export interface ModelRef {
  fullName: string;
  name: string;
  table: string;
  columns?: Record<string, { name: string; type: string }>;
}

/** A message the editor shows next to what the user just tried (a refused rename, a relation). */
export interface EditorNotice {
  /** `name`, `column:<key>`, `index:<key>`, `relation`. */
  target: string;
  message: string;
}

export interface EditorState {
  template: ModelTemplate;
  notice: EditorNotice | null;
}

/** A new model of a module: the id column and its PRIMARY index pk_id (spec 3 §3). */
export function blankModel(module: string): ModelTemplate {
  const { column, index } = newModelIdColumn();
  return {
    module,
    name: '',
    table: '',
    fullName: '',
    parentModel: null,
    columns: { id: column },
    indices: { [index.name]: index },
    relations: {},
    behaviors: [],
  };
}

/** A map entry that may be missing (the maps are typed as if every key existed). */
export function entryOf<T>(map: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The entries of a map in a new order, keys as given: maps keep insertion order, the column order. */
export function fromEntries<T>(entries: [string, T][]): Record<string, T> {
  return Object.fromEntries(entries);
}

/** Renames a key where it stands (the column keeps its place in the order). */
export function renameKey<T>(map: Record<string, T>, from: string, to: string, value: T): Record<string, T> {
  return fromEntries(Object.entries(map).map(([key, item]) => (key === from ? [to, value] : [key, item])));
}

/** Moves the entry `from` to the place of `to`. */
export function moveKey<T>(map: Record<string, T>, from: string, to: string): Record<string, T> {
  const entries = Object.entries(map);
  const start = entries.findIndex(([key]) => key === from);
  const end = entries.findIndex(([key]) => key === to);
  if (start < 0 || end < 0 || start === end) return map;
  const [moved] = entries.splice(start, 1);
  entries.splice(end, 0, moved);
  return fromEntries(entries);
}

/** `table__foreigntable__column__type` (spec 3 §3). */
export function relationName(table: string, related: string, column: string, type: string): string {
  return `${table}__${related}__${column}__${type}`;
}

/**
 * The model name in upper camel case, with the full name and table that follow from it; the
 * relations are re-keyed because their names start with the table.
 */
export function withModelName(template: ModelTemplate, rawName: string): ModelTemplate {
  const name = toUpperCamelCase(rawName);
  const table = name ? tableNameOf(template.module, name) : '';
  const relations = fromEntries(
    Object.entries(template.relations).map(([key, relation]) => {
      const related = relation.relationType === 'nm' ? relation.relatedTable : relation.foreignTable;
      if (!related) return [key, relation];
      const renamed =
        relation.relationType === 'parent'
          ? parentRelationName(table, related)
          : relationName(table, related, relation.localColumns?.[0] ?? '', relation.relationType);
      return [renamed, { ...relation, name: renamed }];
    }),
  );
  return { ...template, name, table, fullName: name ? fullNameOf(template.module, name) : '', relations };
}
