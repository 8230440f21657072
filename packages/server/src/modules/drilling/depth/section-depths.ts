import { sql } from 'kysely';
import { DRILLING_TABLES, type DepthDb, numberOf, optionalNumber, roundDepth, selectByIds } from './depth-sql';

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

interface SectionRow {
  id: number | string;
  section_length: unknown;
  curated_length: unknown;
  mcd_offset: unknown;
  drillers_top_depth: unknown;
  length_above: unknown;
}

function depthOf(row: SectionRow): SectionDepth {
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

/**
 * Section depths for a set of section ids in one query: the length above each section is a
 * correlated SUM over its core's lower-numbered sections, served by the (core_id, section) index.
 */
export async function loadSectionDepths(db: DepthDb, sectionIds: Iterable<number>): Promise<Map<number, SectionDepth>> {
  const ids = [...new Set(sectionIds)];
  const section = sql.table(DRILLING_TABLES.section);
  const rows = await selectByIds(
    db,
    ids,
    (idList) => sql<SectionRow>`
      SELECT s.id, s.section_length, s.curated_length, s.mcd_offset, c.drillers_top_depth,
        (SELECT SUM(o.section_length) FROM ${section} o
          WHERE o.core_id = s.core_id AND o.section < s.section) AS length_above
      FROM ${section} s
      LEFT JOIN ${sql.table(DRILLING_TABLES.core)} c ON c.id = s.core_id
      WHERE s.id IN (${idList})`,
  );
  return new Map(rows.map((row) => [Number(row.id), depthOf(row)]));
}
