import type { Row } from '../../../engine/records/dynamic-db';
import type { ReportInput } from '../report-definition';
import { recordsByIds, recordsWhere, reportRecords, requireTarget } from '../report-records';
import { groupBy } from './core-context';

/** A core with what its log shows: sections, their split photos and lithology units. */
export interface CoreLog {
  core: Row;
  sections: Row[];
  /** Split scans (file types CS/SS) by section id. */
  photos: Map<unknown, Row[]>;
  /** Lithology units by section id. */
  lithology: Map<unknown, Row[]>;
}

/** The cores of the request: the records themselves, or the cores of the requested sections. */
async function coresOf(input: ReportInput): Promise<Row[]> {
  const rows = await reportRecords(input);
  if (requireTarget(input).model.fullName === 'CoreCore') return rows;
  return recordsByIds(
    input,
    'CoreCore',
    rows.map((row) => row.core_id),
  );
}

/**
 * Everything the logs need, read per hole (a report's cores usually share one): sections, lithology
 * and split scans are three list queries per hole, never one per core or section. Without units and
 * scans, only the sections are read.
 */
export async function loadCoreLogs(input: ReportInput, withUnitsAndScans = true): Promise<CoreLog[]> {
  const cores = await coresOf(input);
  const holes = [...new Set(cores.map((core) => core.hole_id))].filter((id) => typeof id === 'number');
  const sections: Row[] = [];
  const lithology: Row[] = [];
  const photos: Row[] = [];
  for (const hole of holes) {
    const filter = { hole_id: `==${String(hole)}` };
    sections.push(...(await recordsWhere(input, 'CoreSection', filter, 'core_id,section')));
    if (!withUnitsAndScans) continue;
    lithology.push(...(await recordsWhere(input, 'GeologyLithology', filter, 'top_depth')));
    photos.push(...(await recordsWhere(input, 'ArchiveFile', { ...filter, type: '^(CS|SS)$' })));
  }
  const sectionsByCore = groupBy(sections, 'core_id');
  const lithologyBySection = groupBy(lithology, 'section_id');
  const photosBySection = groupBy(photos, 'section_id');
  return cores.map((core) => ({
    core,
    sections: sectionsByCore.get(core.id) ?? [],
    lithology: lithologyBySection,
    photos: photosBySection,
  }));
}
