import { sql } from 'kysely';
import {
  DRILLING_TABLES,
  type DepthFiller,
  type DepthValues,
  asNumber,
  asText,
  numberOf,
  recordColumn,
  roundDepth,
  roundSql,
  selectByIds,
} from './depth-sql';

/** ProjectHole.depth_drilled [mbs]: the deepest core bottom (drillers_top_depth + drilled_length), 0 without cores. */
export const holeDepthFiller: DepthFiller = {
  fills: ['depth_drilled'],
  reads: [],
  compute: async (db, _table, ids) => {
    const rows = await selectByIds(
      db,
      ids,
      (idList) => sql<{ hole_id: unknown; deepest: unknown }>`
        SELECT c.hole_id, MAX(COALESCE(c.drillers_top_depth, 0) + COALESCE(c.drilled_length, 0)) AS deepest
        FROM ${sql.table(DRILLING_TABLES.core)} c
        WHERE c.hole_id IN (${idList})
        GROUP BY c.hole_id`,
    );
    // Rounding is monotonic, so the max of the rounded bottoms is the rounded max.
    const deepest = new Map(rows.map((row) => [Number(row.hole_id), roundDepth(numberOf(row.deepest))]));
    return new Map(ids.map((id): [number, DepthValues] => [id, { depth_drilled: deepest.get(id) ?? 0 }]));
  },
  sql: (_table, dialect) => {
    const deepest = sql`(SELECT MAX(COALESCE(c.drillers_top_depth, 0) + COALESCE(c.drilled_length, 0))
      FROM ${sql.table(DRILLING_TABLES.core)} c WHERE c.hole_id = ${recordColumn('id')})`;
    return { depth_drilled: asNumber(sql`COALESCE(${roundSql(deepest, dialect)}, 0)`) };
  },
};

type SplitStatus = 'none' | 'partly' | 'all';

function coreSplitStatus(sections: number, archived: number): SplitStatus {
  if (archived === 0) return 'none';
  return archived >= sections ? 'all' : 'partly';
}

/**
 * CoreCore.section_split_exist: how many of the core's sections have an archive half (split type
 * 'A'): none, partly or all. Counted per section, so a section with two 'A' rows cannot tip 'partly'
 * into 'all' (the template's unique (section_id, type) forbids that anyway).
 */
export const coreSplitStatusFiller: DepthFiller = {
  fills: ['section_split_exist'],
  reads: ['hole_id'],
  compute: async (db, _table, ids) => {
    const rows = await selectByIds(
      db,
      ids,
      (idList) => sql<{ core_id: unknown; sections: unknown; archived: unknown }>`
        SELECT s.core_id, COUNT(*) AS sections,
          SUM(CASE WHEN EXISTS (
            SELECT 1 FROM ${sql.table(DRILLING_TABLES.split)} sp WHERE sp.section_id = s.id AND sp.type = ${'A'}
          ) THEN 1 ELSE 0 END) AS archived
        FROM ${sql.table(DRILLING_TABLES.section)} s
        WHERE s.core_id IN (${idList})
        GROUP BY s.core_id`,
    );
    const status = new Map(
      rows.map((row) => [Number(row.core_id), coreSplitStatus(numberOf(row.sections), numberOf(row.archived))]),
    );
    return new Map(ids.map((id): [number, DepthValues] => [id, { section_split_exist: status.get(id) ?? 'none' }]));
  },
  sql: () => {
    const archived = sql`SUM(CASE WHEN EXISTS (SELECT 1 FROM ${sql.table(DRILLING_TABLES.split)} sp
      WHERE sp.section_id = s.id AND sp.type = 'A') THEN 1 ELSE 0 END)`;
    const status = sql`(SELECT CASE WHEN COALESCE(${archived}, 0) = 0 THEN 'none' WHEN ${archived} >= COUNT(*) THEN 'all' ELSE 'partly' END
      FROM ${sql.table(DRILLING_TABLES.section)} s WHERE s.core_id = ${recordColumn('id')})`;
    return { section_split_exist: asText(status) };
  },
};
