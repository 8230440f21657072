import { sql } from 'kysely';
import {
  DRILLING_TABLES,
  type DepthDb,
  type DepthFiller,
  type DepthValues,
  type PageRows,
  idOf,
  numberOf,
  roundDepth,
  rowsHolding,
  selectByIds,
} from './depth-sql';
import { type IntervalColumns, intervalSql, onSplit } from './interval-sql';
import { type SectionDepth, type SectionRow, depthOf, sectionCoreJoin, sectionDepthItems } from './section-depths';

/** An interval on a section split in cm from the split's top: a sample or a lithology unit. */
interface Interval {
  top: number;
  length: number;
}

interface IntervalOnSection {
  interval: Interval;
  section: SectionDepth | undefined;
}

/**
 * The depths of the sections the splits `splitIds` lie on, by split id, in one query (a split
 * whose section is missing has none).
 */
async function loadSplitSectionDepths(db: DepthDb, splitIds: number[]): Promise<Map<number, SectionDepth>> {
  const rows = await selectByIds(
    db,
    splitIds,
    (idList) => sql<SectionRow & { split_id: unknown }>`
      SELECT sp.id AS split_id, ${sectionDepthItems()}
      FROM ${sql.table(DRILLING_TABLES.split)} sp
      JOIN ${sql.table(DRILLING_TABLES.section)} s ON s.id = sp.section_id
      ${sectionCoreJoin()}
      WHERE sp.id IN (${idList})`,
  );
  return new Map(rows.map((row) => [Number(row.split_id), depthOf(row)]));
}

/** From the page rows: their intervals, and the section depths in one query by their splits. */
async function intervalsFromRows(
  db: DepthDb,
  rows: PageRows,
  columns: IntervalColumns,
): Promise<Map<number, IntervalOnSection>> {
  const splitIds = new Set<number>();
  for (const row of rows.values()) {
    const splitId = idOf(row.section_split_id);
    if (splitId !== undefined) splitIds.add(splitId);
  }
  const sections = await loadSplitSectionDepths(db, [...splitIds]);
  return new Map(
    [...rows].map(([id, row]): [number, IntervalOnSection] => {
      const splitId = idOf(row.section_split_id);
      return [
        id,
        {
          interval: { top: numberOf(row[columns.top]), length: numberOf(row[columns.length]) },
          section: splitId === undefined ? undefined : sections.get(splitId),
        },
      ];
    }),
  );
}

/** Without the page values (fields limited): intervals and section depths read by id, in one query. */
async function intervalsById(
  db: DepthDb,
  table: string,
  ids: number[],
  columns: IntervalColumns,
): Promise<Map<number, IntervalOnSection>> {
  const rows = await selectByIds(
    db,
    ids,
    (idList) => sql<SectionRow & { id: unknown; top: unknown; length: unknown; section_id: unknown }>`
      SELECT r.id, ${sql.ref(`r.${columns.top}`)} AS top, ${sql.ref(`r.${columns.length}`)} AS length,
        s.id AS section_id, ${sectionDepthItems()}
      FROM ${sql.table(table)} r
      LEFT JOIN ${sql.table(DRILLING_TABLES.split)} sp ON sp.id = r.section_split_id
      LEFT JOIN ${sql.table(DRILLING_TABLES.section)} s ON s.id = sp.section_id
      ${sectionCoreJoin()}
      WHERE r.id IN (${idList})`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        interval: { top: numberOf(row.top), length: numberOf(row.length) },
        section: row.section_id === null ? undefined : depthOf(row),
      },
    ]),
  );
}

/**
 * The intervals of `ids` in `table` and the depths of the section each one lies on (through its
 * split): one query for the whole page, which reads only the sections when the page rows already
 * hold the split id, top and length.
 */
function loadIntervals(
  db: DepthDb,
  table: string,
  ids: number[],
  pageRows: PageRows,
  columns: IntervalColumns,
): Promise<Map<number, IntervalOnSection>> {
  const rows = rowsHolding(pageRows, ids, ['section_split_id', columns.top, columns.length]);
  return rows ? intervalsFromRows(db, rows, columns) : intervalsById(db, table, ids, columns);
}

// CSF-B squeezes or stretches the curated section back onto its drilled length; without a positive
// curated (or section) length there is nothing to scale by, and the unscaled offset is used.
function csfbScale(section: SectionDepth): number {
  const curated = section.curatedLength;
  return curated !== null && curated > 0 && section.sectionLength > 0 ? section.sectionLength / curated : 1;
}

/**
 * CurationSample mcd and CSF-B depths [m]: the split's mcd top (= its section's, rounded) plus the
 * sample's offset in cm, scaled by section_length / curated_length for CSF-B; all rounded to 2.
 */
export const sampleDepthFiller: DepthFiller = {
  fills: ['mcd_top_depth', 'mcd_bottom_depth', 'csfb_top_depth', 'csfb_bottom_depth'],
  reads: ['section_split_id', 'top', 'sample_length'],
  maintained: true,
  compute: async (db, table, ids, rows) => {
    const intervals = await loadIntervals(db, table, ids, rows, { top: 'top', length: 'sample_length' });
    const values = new Map<number, DepthValues>();
    for (const [id, { interval, section }] of intervals) {
      if (!section) continue;
      const top = interval.top / 100;
      const bottom = (interval.top + interval.length) / 100;
      const scale = csfbScale(section);
      values.set(id, {
        mcd_top_depth: roundDepth(section.mcdTopDepth + top),
        mcd_bottom_depth: roundDepth(section.mcdTopDepth + bottom),
        csfb_top_depth: roundDepth(section.mcdTopDepth + top * scale),
        csfb_bottom_depth: roundDepth(section.mcdTopDepth + bottom * scale),
      });
    }
    return values;
  },
  sql: (_table, dialect) => {
    const { top, bottom, at, scale, onSplit: split } = intervalSql({ top: 'top', length: 'sample_length' }, dialect);
    return {
      mcd_top_depth: onSplit(at(top), split, () => top, dialect),
      mcd_bottom_depth: onSplit(at(bottom), split, () => bottom, dialect),
      csfb_top_depth: onSplit(at(sql`(${top} * ${scale})`), split, (p) => sql`(${top} * ${p('scale')})`, dialect),
      csfb_bottom_depth: onSplit(
        at(sql`(${bottom} * ${scale})`),
        split,
        (p) => sql`(${bottom} * ${p('scale')})`,
        dialect,
      ),
    };
  },
};

/** GeologyLithology unit depths [mcd]: the section's mcd top plus the unit's top (and length) in cm. */
export const lithologyDepthFiller: DepthFiller = {
  fills: ['mcd_top_depth_unit', 'mcd_bottom_depth_unit'],
  reads: ['section_split_id', 'top_depth', 'unit_length'],
  compute: async (db, table, ids, rows) => {
    const intervals = await loadIntervals(db, table, ids, rows, { top: 'top_depth', length: 'unit_length' });
    const values = new Map<number, DepthValues>();
    for (const [id, { interval, section }] of intervals) {
      if (!section) continue;
      values.set(id, {
        mcd_top_depth_unit: roundDepth(section.mcdTopDepth + interval.top / 100),
        mcd_bottom_depth_unit: roundDepth(section.mcdTopDepth + (interval.top + interval.length) / 100),
      });
    }
    return values;
  },
  sql: (_table, dialect) => {
    const { top, bottom, at } = intervalSql({ top: 'top_depth', length: 'unit_length' }, dialect);
    return { mcd_top_depth_unit: at(top), mcd_bottom_depth_unit: at(bottom) };
  },
};
