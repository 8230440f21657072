/**
 * Naming rules of the template manager (spec 3 §§3, 5): tables are snake_case of module plus
 * name, full names are module plus name in upper camel case, forms are kebab-case.
 */

function words(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** @example toSnakeCase('SectionSplit') // 'section_split' */
export function toSnakeCase(value: string): string {
  return words(value).join('_');
}

/** @example toKebabCase('Sample Request') // 'sample-request' */
export function toKebabCase(value: string): string {
  return words(value).join('-');
}

/** @example toUpperCamelCase('section_split') // 'SectionSplit' */
export function toUpperCamelCase(value: string): string {
  return words(value)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/** @example tableNameOf('Curation', 'SectionSplit') // 'curation_section_split' */
export function tableNameOf(module: string, name: string): string {
  return toSnakeCase(`${module} ${toUpperCamelCase(name)}`);
}

/** @example fullNameOf('Curation', 'SectionSplit') // 'CurationSectionSplit' */
export function fullNameOf(module: string, name: string): string {
  return toUpperCamelCase(module) + toUpperCamelCase(name);
}

/**
 * The FK column to the parent: `{parent model name}_id`, `parent_id` for a self-parent.
 * The parent's short name is its full name without the module, which this function cannot know;
 * pass `parentShortName` when the full name is not "module + one word".
 * @example parentColumnName('ProjectExpedition', 'ProjectSite') // 'expedition_id'
 */
export function parentColumnName(parentFullName: string, selfFullName: string, parentShortName?: string): string {
  if (parentFullName === selfFullName) return 'parent_id';
  const short = parentShortName ?? shortNameGuess(parentFullName);
  return `${toSnakeCase(short)}_id`;
}

/** Without the module: the last upper-camel word(s) after the first (`CurationSectionSplit` → `SectionSplit`). */
function shortNameGuess(fullName: string): string {
  const parts = fullName.match(/[A-Z][a-z0-9]*/g) ?? [fullName];
  return parts.length > 1 ? parts.slice(1).join('') : fullName;
}

/** The name of a model's parent relation: `<table>__<parentTable>__parent`. */
export function parentRelationName(table: string, parentTable: string): string {
  return `${table}__${parentTable}__parent`;
}

/** The join table of a many-to-many relation: `<tableA>_<tableB>`. */
export function joinTableName(tableA: string, tableB: string): string {
  return `${tableA}_${tableB}`;
}

/** Relation pseudo-column names (spec 3 §5): `{table}_ids_nm` and `{table}_{displaycol}_ids_1n`. */
export function manyToManyColumnName(relatedTable: string): string {
  return `${relatedTable}_ids_nm`;
}
export function oneToManyColumnName(foreignTable: string, displayColumn: string): string {
  return `${foreignTable}_${displayColumn}_ids_1n`;
}

/**
 * The two FK columns of a many-to-many join table: `<table>_id` each, and `related_<table>_id`
 * for the second side of a self-relation. The names do not depend on which side created the join
 * table, so readers need not know whether it is `<a>_<b>` or `<b>_<a>`.
 */
export function joinTableColumns(table: string, relatedTable: string): { own: string; related: string } {
  return {
    own: `${table}_id`,
    related: table === relatedTable ? `related_${relatedTable}_id` : `${relatedTable}_id`,
  };
}

/**
 * A model's name as people read it, from its template `name` (without the module):
 * `SectionSplit` → 'Section Split', `Hole` → 'Hole'. Messages and reports use it instead of
 * table or class names (`project_hole`, `CoreCore`).
 * @example modelLabel({ name: 'SectionSplit' }) // 'Section Split'
 */
export function modelLabel(model: { name: string }): string {
  return words(model.name)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
