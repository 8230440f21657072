import {
  manyToManyColumnName,
  oneToManyColumnName,
  type ColumnTemplate,
  type ModelTemplate,
  type RelationTemplate,
} from '@mdis/shared';
import { without } from './model-shape';

/** `table__foreigntable__column__type` (spec 3 §3). */
export function relationName(table: string, related: string, column: string, type: string): string {
  return `${table}__${related}__${column}__${type}`;
}

function relatedTableOf(relation: RelationTemplate): string {
  return (relation.relationType === 'nm' ? relation.relatedTable : relation.foreignTable) ?? '';
}

/** A display column of a model for the other side of an m:n: its first string column, else id. */
function displayColumnOf(model: ModelTemplate): string {
  return Object.values(model.columns).find((c) => c.type === 'string')?.name ?? 'id';
}

function nmColumn(relatedTable: string, displayColumn: string | undefined, label: string): ColumnTemplate {
  return {
    name: manyToManyColumnName(relatedTable),
    type: 'many_to_many',
    relatedTable,
    displayColumn: displayColumn ?? null,
    label,
  };
}

/**
 * Relations with their pseudo columns and names (spec 3 §5): an m:n relation's local column is
 * `{relatedTable}_ids_nm`; a 1n relation has its FK column (integer, size 11) and, with a display
 * column, the pseudo column `{foreignTable}_{displaycol}_ids_1n`. Relations are keyed by name.
 */
export function withRelationColumns(template: ModelTemplate, models: readonly ModelTemplate[]): ModelTemplate {
  const columns = { ...template.columns };
  const relations: ModelTemplate['relations'] = {};
  for (const original of Object.values(template.relations)) {
    const relation = { ...original };
    const related = relatedTableOf(relation);
    const relatedModel = models.find((m) => m.table === related);
    if (relation.relationType === 'nm' && related) {
      const column = relation.localColumns?.[0] || manyToManyColumnName(related);
      relation.localColumns = [column];
      relation.foreignTable = null;
      relation.foreignColumns = null;
      columns[column] ??= nmColumn(related, relation.displayColumns?.[0], relatedModel?.name ?? related);
    }
    if (relation.relationType === '1n' && related) {
      const fk = relation.localColumns?.[0] || `${related}_id`;
      relation.localColumns = [fk];
      relation.foreignColumns = relation.foreignColumns?.length ? relation.foreignColumns : ['id'];
      columns[fk] ??= { name: fk, type: 'integer', size: 11, label: relatedModel?.name ?? fk };
      const display = relation.displayColumns?.[0];
      const pseudo = display && oneToManyColumnName(related, display);
      if (pseudo && !(pseudo in columns) && columns[fk].type !== 'one_to_many')
        columns[pseudo] = {
          name: pseudo,
          type: 'one_to_many',
          relatedTable: related,
          displayColumn: display,
          label: relatedModel?.name ?? pseudo,
        };
    }
    const column = relation.localColumns?.[0] ?? '';
    if (!relation.name.trim() && related)
      relation.name = relationName(template.table, related, column, relation.relationType);
    relations[relation.name || `${related}__${column}`] = relation;
  }
  return { ...template, columns, relations };
}

const nmTargets = (model: ModelTemplate | undefined) =>
  new Set(
    Object.values(model?.relations ?? {})
      .filter((r) => r.relationType === 'nm' && r.relatedTable)
      .map((r) => r.relatedTable as string),
  );

/** The m:n relations of a model towards `table`, keyed as stored. */
export function manyToManyRelationsTo(model: ModelTemplate, table: string): [string, RelationTemplate][] {
  return Object.entries(model.relations).filter(([, r]) => r.relationType === 'nm' && r.relatedTable === table);
}

/** The model without its m:n relations towards `table` and their pseudo columns. */
export function withoutRelationsTo(model: ModelTemplate, table: string): ModelTemplate {
  const existing = manyToManyRelationsTo(model, table);
  const keys = existing.map(([key]) => key);
  const gone = existing.flatMap(([, relation]) => relation.localColumns ?? []);
  return { ...model, relations: without(model.relations, keys), columns: without(model.columns, gone) };
}

/** Adds or removes the m:n relation towards `table` (and its column) in the other model. */
function oppositeSide(other: ModelTemplate, saved: ModelTemplate, keep: boolean): ModelTemplate | undefined {
  const relations = { ...other.relations };
  const columns = { ...other.columns };
  const existing = manyToManyRelationsTo(other, saved.table);
  if (keep === existing.length > 0) return undefined;
  if (!keep) return withoutRelationsTo(other, saved.table);
  const column = manyToManyColumnName(saved.table);
  const ownRelation = Object.values(saved.relations).find(
    (r) => r.relationType === 'nm' && r.relatedTable === other.table,
  );
  const name = relationName(other.table, saved.table, column, 'nm');
  const display = displayColumnOf(saved);
  relations[name] = {
    name,
    relationType: 'nm',
    relatedTable: saved.table,
    foreignTable: null,
    localColumns: [column],
    foreignColumns: null,
    displayColumns: [display],
    oppositeColumnName: ownRelation?.localColumns?.[0] ?? null,
  };
  columns[column] ??= nmColumn(saved.table, display, saved.name);
  return { ...other, relations, columns };
}

/**
 * Saving one side of an m:n writes the reverse relation and column into the other model, and
 * removing it removes them there (reference §2.2). Returns the other models that changed.
 */
export function oppositeModels(
  saved: ModelTemplate | undefined,
  previous: ModelTemplate | undefined,
  models: readonly ModelTemplate[],
): ModelTemplate[] {
  const self = saved ?? previous;
  if (!self) return [];
  const now = nmTargets(saved);
  const before = nmTargets(previous);
  const changed: ModelTemplate[] = [];
  for (const table of new Set([...now, ...before])) {
    if (table === self.table) continue;
    const other = models.find((m) => m.table === table);
    const updated = other && oppositeSide(other, self, now.has(table));
    if (updated) changed.push(updated);
  }
  return changed;
}
