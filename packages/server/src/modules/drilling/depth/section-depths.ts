import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../../infra/db/dialect';
import {
  DRILLING_TABLES,
  type DepthDb,
  numberOf,
  numberSql,
  optionalNumber,
  roundDepth,
  roundSql,
  selectByIds,
} from './depth-sql';

/** The depths of one section [m], the base of every depth below it (splits, samples, lithology). */
export interface SectionDepth {
  sectionLength: number;
  curatedLength: number | null;
  /** core.drillers_top_depth + Σ section_length of the lower-numbered sections of the same core. */
  topDepth: number;
  bottomDepth: number;
  /** Rounded to 2 as the original's getter, and used rounded by splits, samples and lithology. */
  mcdTopDepth: number;
  mcdBottomDepth: number;
}

/** The inputs of a section's depths, as sectionDepthItems selects them. */
export interface SectionRow {
  section_length: unknown;
  curated_length: unknown;
  mcd_offset: unknown;
  drillers_top_depth: unknown;
  length_above: unknown;
}

/**
 * The SELECT items depthOf reads, for a query that has core_section as `s` and LEFT JOINs core_core
 * as `c` on s.core_id. The length above each section is a correlated SUM over its core's
 * lower-numbered sections, served by the (core_id, section) index.
 */
export function sectionDepthItems(): RawBuilder<unknown> {
  return sql`s.section_length, s.curated_length, s.mcd_offset, c.drillers_top_depth,
    (SELECT SUM(above.section_length) FROM ${sql.table(DRILLING_TABLES.section)} above
      WHERE above.core_id = s.core_id AND above.section < s.section) AS length_above`;
}

/** The LEFT JOIN of the section's core that sectionDepthItems needs. */
export function sectionCoreJoin(): RawBuilder<unknown> {
  return sql`LEFT JOIN ${sql.table(DRILLING_TABLES.core)} c ON c.id = s.core_id`;
}

export function depthOf(row: SectionRow): SectionDepth {
  const length = numberOf(row.section_length);
  const offset = numberOf(row.mcd_offset);
  const top = numberOf(row.drillers_top_depth) + numberOf(row.length_above);
  return {
    sectionLength: length,
    curatedLength: optionalNumber(row.curated_length),
    topDepth: top,
    bottomDepth: roundDepth(top + length),
    mcdTopDepth: roundDepth(top + offset),
    mcdBottomDepth: roundDepth(top + length + offset),
  };
}

/** A section's depths and whether it has a split other than the whole round ('WR'). */
export interface SectionDepthAndSplit extends SectionDepth {
  splitExists: boolean;
}

/** Section depths and split status for a set of section ids, in one query. */
export async function loadSectionDepths(
  db: DepthDb,
  sectionIds: Iterable<number>,
): Promise<Map<number, SectionDepthAndSplit>> {
  const ids = [...new Set(sectionIds)];
  const rows = await selectByIds(
    db,
    ids,
    (idList) => sql<SectionRow & { id: unknown; split_exists: unknown }>`
      SELECT s.id, ${sectionDepthItems()},
        CASE WHEN EXISTS (
          SELECT 1 FROM ${sql.table(DRILLING_TABLES.split)} sp WHERE sp.section_id = s.id AND sp.type <> ${'WR'}
        ) THEN 1 ELSE 0 END AS split_exists
      FROM ${sql.table(DRILLING_TABLES.section)} s
      ${sectionCoreJoin()}
      WHERE s.id IN (${idList})`,
  );
  return new Map(rows.map((row) => [Number(row.id), { ...depthOf(row), splitExists: numberOf(row.split_exists) > 0 }]));
}

/**
 * depthOf in SQL for the section aliased `alias` (its core read by a correlated subquery): the
 * unrounded top, and the rounded mcd top that splits, samples and lithology build on.
 */
export function sectionDepthSql(alias: string, dialect: Dialect) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const drillersTop = sql`(SELECT c.drillers_top_depth FROM ${sql.table(DRILLING_TABLES.core)} c WHERE c.id = ${column('core_id')})`;
  const above = sql`(SELECT SUM(above.section_length) FROM ${sql.table(DRILLING_TABLES.section)} above
    WHERE above.core_id = ${column('core_id')} AND above.section < ${column('section')})`;
  const top = sql`(${numberSql(drillersTop)} + ${numberSql(above)})`;
  const length = numberSql(sql`${column('section_length')}`);
  const offset = numberSql(sql`${column('mcd_offset')}`);
  return {
    top,
    length,
    /** CSF-B's scale: section_length / curated_length when both are positive, else 1. */
    scale: sql`(CASE WHEN ${column('curated_length')} > 0 AND ${length} > 0 THEN CAST(${length} AS DOUBLE PRECISION) / ${column('curated_length')} ELSE 1 END)`,
    bottom: roundSql(sql`(${top} + ${length})`, dialect),
    mcdTop: roundSql(sql`(${top} + ${offset})`, dialect),
    mcdBottom: roundSql(sql`(${top} + ${length} + ${offset})`, dialect),
  };
}
