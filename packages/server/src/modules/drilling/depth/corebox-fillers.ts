import { sql } from 'kysely';
import {
  DRILLING_TABLES,
  type DepthFiller,
  type DepthValues,
  asText,
  recordColumn,
  selectByIds,
  textOf,
} from './depth-sql';

/** CurationCorebox.storage_combined_id: the combined id of the box's storage location, '' without one. */
export const coreboxStorageFiller: DepthFiller = {
  fills: ['storage_combined_id'],
  reads: ['storage_id'],
  compute: async (db, table, ids) => {
    const rows = await selectByIds(
      db,
      ids,
      (idList) => sql<{ id: unknown; storage_combined_id: unknown }>`
        SELECT b.id, st.combined_id AS storage_combined_id
        FROM ${sql.table(table)} b
        LEFT JOIN ${sql.table(DRILLING_TABLES.storage)} st ON st.id = b.storage_id
        WHERE b.id IN (${idList})`,
    );
    return new Map(
      rows.map((row): [number, DepthValues] => [
        Number(row.id),
        { storage_combined_id: textOf(row.storage_combined_id) },
      ]),
    );
  },
  sql: () => {
    const storage = sql`(SELECT st.combined_id FROM ${sql.table(DRILLING_TABLES.storage)} st WHERE st.id = ${recordColumn('storage_id')})`;
    return { storage_combined_id: asText(sql`COALESCE(${storage}, '')`) };
  },
};

/** CurationCorebox.contained_section_splits: the combined ids of the splits stored in the box, in insertion order. */
export const coreboxSplitsFiller: DepthFiller = {
  fills: ['contained_section_splits'],
  reads: [],
  compute: async (db, _table, ids) => {
    const rows = await selectByIds(
      db,
      ids,
      (idList) => sql<{ corebox_id: unknown; combined_id: unknown }>`
        SELECT sp.corebox_id, sp.combined_id FROM ${sql.table(DRILLING_TABLES.split)} sp
        WHERE sp.corebox_id IN (${idList})
        ORDER BY sp.corebox_id, sp.id`,
    );
    const contained = new Map(ids.map((id): [number, string[]] => [id, []]));
    for (const row of rows) contained.get(Number(row.corebox_id))?.push(textOf(row.combined_id));
    return new Map(
      [...contained].map(([id, splits]): [number, DepthValues] => [id, { contained_section_splits: splits }]),
    );
  },
  // A list of combined ids per box: no single value to sort by.
  sql: () => ({}),
};
