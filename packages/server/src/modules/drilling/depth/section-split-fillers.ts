import { sql } from 'kysely';
import { type RawBuilder, sql as sqlOf } from 'kysely';
import {
  DRILLING_TABLES,
  type DepthFiller,
  type DepthValues,
  asNumber,
  asText,
  recordColumn,
  roundDepth,
  roundSql,
  selectByIds,
  textOf,
} from './depth-sql';
import {
  type SectionRow,
  depthOf,
  loadSectionDepths,
  sectionCoreJoin,
  sectionDepthItems,
  sectionDepthSql,
} from './section-depths';

interface SplitRow extends SectionRow {
  id: unknown;
  origin_combined_id: unknown;
  origin_type: unknown;
  /** NULL when the split's section is missing: no depths then. */
  section_id: unknown;
}

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
    const values = new Map<number, DepthValues>();
    for (const id of ids) {
      const depth = depths.get(id);
      if (!depth) continue;
      values.set(id, {
        top_depth: roundDepth(depth.topDepth),
        bottom_depth: depth.bottomDepth,
        mcd_top_depth: depth.mcdTopDepth,
        mcd_bottom_depth: depth.mcdBottomDepth,
        section_split_exist: depth.splitExists ? 'yes' : 'no',
      });
    }
    return values;
  },
  sql: (_table, dialect) => {
    const depth = sectionDepthSql('r', dialect);
    const split = sqlOf`(CASE WHEN EXISTS (SELECT 1 FROM ${sqlOf.table(DRILLING_TABLES.split)} sp
      WHERE sp.section_id = ${recordColumn('id')} AND sp.type <> 'WR') THEN 'yes' ELSE 'no' END)`;
    return {
      top_depth: asNumber(roundSql(depth.top, dialect)),
      bottom_depth: asNumber(depth.bottom),
      mcd_top_depth: asNumber(depth.mcdTop),
      mcd_bottom_depth: asNumber(depth.mcdBottom),
      section_split_exist: asText(split),
    };
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
    // One query: the origin split and the section's depth inputs joined to each split.
    const rows = await selectByIds(
      db,
      ids,
      (idList) => sql<SplitRow>`
        SELECT r.id, o.combined_id AS origin_combined_id, o.type AS origin_type, s.id AS section_id,
          ${sectionDepthItems()}
        FROM ${splits} r
        LEFT JOIN ${splits} o ON o.id = r.origin_split_id
        LEFT JOIN ${sql.table(DRILLING_TABLES.section)} s ON s.id = r.section_id
        ${sectionCoreJoin()}
        WHERE r.id IN (${idList})`,
    );
    return new Map(
      rows.map((row): [number, DepthValues] => {
        const depth = row.section_id === null ? undefined : depthOf(row);
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
  sql: (table, dialect) => {
    const depth = sectionDepthSql('s', dialect);
    const ofSection = (value: RawBuilder<unknown>) =>
      sqlOf`(SELECT ${value} FROM ${sqlOf.table(DRILLING_TABLES.section)} s WHERE s.id = ${recordColumn('section_id')})`;
    const ofOrigin = (column: string) =>
      sqlOf`COALESCE((SELECT ${sqlOf.ref(`o.${column}`)} FROM ${sqlOf.table(table)} o WHERE o.id = ${recordColumn('origin_split_id')}), '')`;
    return {
      origin_split_combined_id: asText(ofOrigin('combined_id')),
      origin_split_type: asText(ofOrigin('type')),
      mcd_top_depth: asNumber(ofSection(depth.mcdTop)),
      mcd_bottom_depth: asNumber(ofSection(roundSql(sqlOf`(${depth.mcdTop} + ${depth.length})`, dialect))),
    };
  },
};
