import { type ColumnTemplate, type ModelTemplate, type RelationTemplate, joinTableColumns } from '@mdis/shared';

/**
 * A many_to_many column (`{relatedTable}_ids_nm`): no column of its own; its values are the rows of
 * the join table `<tableA>_<tableB>` that schema sync creates (FK columns named by joinTableColumns,
 * whichever side created the table). Records carry it as a sorted array of related ids.
 */
export interface ManyToManyColumn {
  name: string;
  label: string;
  required: boolean;
  relatedTable: string;
  /** The join table's column pointing at this model's record. */
  ownColumn: string;
  /** The join table's column pointing at the related record. */
  relatedColumn: string;
  /** The related model's column that names a related record to people (unset: its id). */
  displayColumn: string | undefined;
}

/**
 * A one_to_many column (`{foreignTable}_{displayColumn}_ids_1n`): this model's record points at one
 * record of `foreignTable` (shown in forms by its display column). The id lives in the FK column
 * of the model's `1n` relation: the column itself when the relation names it as its local column
 * (the original's layout), else the relation's local column (e.g. `storage_id`). Records carry the
 * stored id under the column's name.
 */
export interface OneToManyColumn {
  name: string;
  label: string;
  required: boolean;
  foreignTable: string;
  fkColumn: string;
}

/** A stored column holding the id of a record of `foreignTable` (a `1n` relation's local column). */
export interface ReferenceColumn {
  name: string;
  foreignTable: string;
}

export interface RelationColumns {
  manyToMany: ManyToManyColumn[];
  oneToMany: OneToManyColumn[];
  /** Stored id columns of `1n` relations (`sample_request_id`, `storage_id`): a write may point them anywhere. */
  references: ReferenceColumn[];
}

const NM_SUFFIX = '_ids_nm';

function relationsOf(template: ModelTemplate, type: RelationTemplate['relationType']): RelationTemplate[] {
  return Object.values(template.relations).filter((r) => r.relationType === type);
}

function toManyToMany(template: ModelTemplate, column: ColumnTemplate): ManyToManyColumn | undefined {
  const relation = relationsOf(template, 'nm').find((r) => r.localColumns?.includes(column.name));
  const fromName = column.name.endsWith(NM_SUFFIX) ? column.name.slice(0, -NM_SUFFIX.length) : undefined;
  const relatedTable = column.relatedTable || relation?.relatedTable || fromName;
  if (!relatedTable) return undefined;
  const sides = joinTableColumns(template.table, relatedTable);
  return {
    name: column.name,
    label: column.label || column.name,
    required: column.required === true,
    relatedTable,
    ownColumn: sides.own,
    relatedColumn: sides.related,
    displayColumn: column.displayColumn || relation?.displayColumns?.[0] || undefined,
  };
}

/** The `1n` relation behind a one_to_many column: the one naming it, else one to its table. */
function oneToManyRelation(template: ModelTemplate, column: ColumnTemplate): RelationTemplate | undefined {
  const relations = relationsOf(template, '1n').filter((r) => r.foreignTable && (r.localColumns ?? []).length > 0);
  const own = relations.find((r) => r.localColumns?.includes(column.name));
  if (own) return own;
  const candidates = relations.filter((r) =>
    column.relatedTable ? r.foreignTable === column.relatedTable : column.name.startsWith(`${r.foreignTable ?? ''}_`),
  );
  const display = column.displayColumn;
  return candidates.find((r) => display && r.displayColumns?.includes(display)) ?? candidates.at(0);
}

function toOneToMany(template: ModelTemplate, column: ColumnTemplate): OneToManyColumn | undefined {
  const relation = oneToManyRelation(template, column);
  const locals = relation?.localColumns ?? [];
  const fkColumn = locals.includes(column.name) ? column.name : locals.at(0);
  if (!relation?.foreignTable || !fkColumn) return undefined;
  return {
    name: column.name,
    label: column.label || column.name,
    required: column.required === true,
    foreignTable: relation.foreignTable,
    fkColumn,
  };
}

function toReferences(template: ModelTemplate): ReferenceColumn[] {
  const stored = (name: string) =>
    Object.hasOwn(template.columns, name) && !['one_to_many', 'many_to_many'].includes(template.columns[name].type);
  return relationsOf(template, '1n').flatMap((relation) => {
    const foreignTable = relation.foreignTable;
    if (!foreignTable) return [];
    return (relation.localColumns ?? []).filter(stored).map((name) => ({ name, foreignTable }));
  });
}

/** The relation columns of a model template; one whose relation cannot be resolved is left out. */
export function relationColumnsOf(template: ModelTemplate): RelationColumns {
  const columns = Object.values(template.columns);
  return {
    manyToMany: columns.filter((c) => c.type === 'many_to_many').flatMap((c) => toManyToMany(template, c) ?? []),
    oneToMany: columns.filter((c) => c.type === 'one_to_many').flatMap((c) => toOneToMany(template, c) ?? []),
    references: toReferences(template),
  };
}
