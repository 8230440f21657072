import type { Row } from '../dynamic-db';
import type { RecordModel } from '../record-model';
import type { ManyToManyColumn } from '../record-relations';
import type { RelationLinks } from '../relation-links';

function toId(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const id = Number(value);
  return Number.isFinite(id) ? id : null;
}

/**
 * Step 8 for relation columns: one_to_many values (selected in the data query from their FK
 * column) as numbers, and many_to_many values as sorted arrays of related ids.
 *
 * The m:n values come from a separate query per m:n column for the whole page (never one per
 * row): joining the join table into the data query would multiply each record by its number of
 * links, which breaks LIMIT/OFFSET paging and the one-data-plus-one-count rule, and aggregating
 * the ids in SQL (GROUP_CONCAT / string_agg) differs per dialect and returns text.
 */
export async function presentRelationValues(
  links: RelationLinks,
  model: RecordModel,
  records: Row[],
  manyToMany: readonly ManyToManyColumn[] = model.relations.manyToMany,
): Promise<void> {
  for (const column of model.relations.oneToMany) {
    for (const record of records)
      if (Object.hasOwn(record, column.name)) record[column.name] = toId(record[column.name]);
  }
  const ids = records.flatMap((record) => toId(record.id) ?? []);
  for (const column of manyToMany) {
    const linked = await links.linkedIds(model, column, ids);
    for (const record of records) {
      const id = toId(record.id);
      record[column.name] = id === null ? [] : (linked.get(id) ?? []);
    }
  }
}
