import { sql } from 'kysely';
import {
  DRILLING_TABLES,
  type DepthDb,
  type DepthFiller,
  type DepthValues,
  numberOf,
  roundDepth,
  selectByIds,
} from './depth-sql';
import { type SectionDepth, loadSectionDepths } from './section-depths';

/** An interval on a section split in cm from the split's top: a sample or a lithology unit. */
interface Interval {
  top: number;
  length: number;
}

/**
 * Loads the intervals of `ids` in `table` (columns top and length, in cm) and the depths of the
 * section each one lies on (through its split): two queries for the whole page.
 */
async function loadIntervals(
  db: DepthDb,
  table: string,
  ids: number[],
  columns: { top: string; length: string },
): Promise<Map<number, { interval: Interval; section: SectionDepth | undefined }>> {
  const rows = await selectByIds(
    db,
    ids,
    (idList) => sql<{ id: unknown; top: unknown; length: unknown; section_id: unknown }>`
      SELECT r.id, ${sql.ref(`r.${columns.top}`)} AS top, ${sql.ref(`r.${columns.length}`)} AS length, sp.section_id
      FROM ${sql.table(table)} r
      LEFT JOIN ${sql.table(DRILLING_TABLES.split)} sp ON sp.id = r.section_split_id
      WHERE r.id IN (${idList})`,
  );
  const sections = await loadSectionDepths(
    db,
    rows.map((row) => Number(row.section_id)),
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        interval: { top: numberOf(row.top), length: numberOf(row.length) },
        section: sections.get(Number(row.section_id)),
      },
    ]),
  );
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
  compute: async (db, table, ids) => {
    const intervals = await loadIntervals(db, table, ids, { top: 'top', length: 'sample_length' });
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
};

/** GeologyLithology unit depths [mcd]: the section's mcd top plus the unit's top (and length) in cm. */
export const lithologyDepthFiller: DepthFiller = {
  fills: ['mcd_top_depth_unit', 'mcd_bottom_depth_unit'],
  reads: ['section_split_id', 'top_depth', 'unit_length'],
  compute: async (db, table, ids) => {
    const intervals = await loadIntervals(db, table, ids, { top: 'top_depth', length: 'unit_length' });
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
};
