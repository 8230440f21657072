import { sql } from 'kysely';
import { DRILLING_TABLES, type DepthFiller, type DepthValues, roundDepth, selectByIds, textOf } from './depth-sql';
import { loadSectionDepths } from './section-depths';

/**
 * CoreSection top/bottom [mbs] and mcd depths, and section_split_exist ('yes' once a split other
 * than the whole round exists). top_depth is shown rounded to 2 like the other three; they are
 * computed from the unrounded top, as the original did.
 */
export const sectionDepthFiller: DepthFiller = {
  fills: ['top_depth', 'bottom_depth', 'mcd_top_depth', 'mcd_bottom_depth', 'section_split_exist'],
  reads: ['core_id', 'section', 'section_length'],
  compute: async (db, _table, ids) => {
    const depths = await loadSectionDepths(db, ids);
    const splitRows = await selectByIds(
      db,
      ids,
      (idList) => sql<{ section_id: unknown }>`
        SELECT DISTINCT sp.section_id FROM ${sql.table(DRILLING_TABLES.split)} sp
        WHERE sp.section_id IN (${idList}) AND sp.type <> ${'WR'}`,
    );
    const split = new Set(splitRows.map((row) => Number(row.section_id)));
    const values = new Map<number, DepthValues>();
    for (const id of ids) {
      const depth = depths.get(id);
      if (!depth) continue;
      values.set(id, {
        top_depth: roundDepth(depth.topDepth),
        bottom_depth: depth.bottomDepth,
        mcd_top_depth: depth.mcdTopDepth,
        mcd_bottom_depth: depth.mcdBottomDepth,
        section_split_exist: split.has(id) ? 'yes' : 'no',
      });
    }
    return values;
  },
};

/**
 * CurationSectionSplit: the origin split (self reference) and the section's mcd interval
 * (mcd_bottom_depth = section.mcd_top_depth + section_length, whatever the split's own length).
 */
export const splitDepthFiller: DepthFiller = {
  fills: ['origin_split_combined_id', 'origin_split_type', 'mcd_top_depth', 'mcd_bottom_depth'],
  reads: ['section_id', 'origin_split_id'],
  compute: async (db, table, ids) => {
    const splits = sql.table(table);
    const rows = await selectByIds(
      db,
      ids,
      (idList) => sql<{ id: unknown; section_id: unknown; origin_combined_id: unknown; origin_type: unknown }>`
        SELECT r.id, r.section_id, o.combined_id AS origin_combined_id, o.type AS origin_type
        FROM ${splits} r LEFT JOIN ${splits} o ON o.id = r.origin_split_id
        WHERE r.id IN (${idList})`,
    );
    const depths = await loadSectionDepths(
      db,
      rows.map((row) => Number(row.section_id)),
    );
    return new Map(
      rows.map((row): [number, DepthValues] => {
        const depth = depths.get(Number(row.section_id));
        return [
          Number(row.id),
          {
            origin_split_combined_id: textOf(row.origin_combined_id),
            origin_split_type: textOf(row.origin_type),
            mcd_top_depth: depth ? depth.mcdTopDepth : null,
            mcd_bottom_depth: depth ? roundDepth(depth.mcdTopDepth + depth.sectionLength) : null,
          },
        ];
      }),
    );
  },
};
