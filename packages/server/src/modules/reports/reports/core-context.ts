import type { Row } from '../../../engine/records/dynamic-db';
import type { ReportInput } from '../report-definition';
import { recordsByIds, recordsWhere, reportRecords, requireTarget } from '../report-records';

/**
 * What a core-based report (lithology, sample profile) starts from: the requested records, the
 * cores they belong to, and the sections to show. A core shows all its sections; a section, split,
 * lithology unit or sample narrows them to its own section.
 */
export interface CoreContext {
  model: string;
  requested: Row[];
  cores: Row[];
  /** The sections to show, sorted by core and section number. */
  sections: Row[];
  /** The holes of the cores: what the per-hole reads below filter on. */
  holes: number[];
}

export function groupBy(rows: readonly Row[], column: string): Map<unknown, Row[]> {
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) {
    const group = groups.get(row[column]);
    if (group) group.push(row);
    else groups.set(row[column], [row]);
  }
  return groups;
}

function numbers(values: readonly unknown[]): number[] {
  return [...new Set(values)].filter((value): value is number => typeof value === 'number');
}

export async function loadCoreContext(input: ReportInput): Promise<CoreContext> {
  const model = requireTarget(input).model.fullName;
  const requested = await reportRecords(input);
  const cores =
    model === 'CoreCore'
      ? requested
      : await recordsByIds(
          input,
          'CoreCore',
          requested.map((row) => row.core_id),
        );
  const holes = numbers(cores.map((core) => core.hole_id));
  const coreIds = new Set(cores.map((core) => core.id));
  const ownSections = new Set(requested.map((row) => (model === 'CoreSection' ? row.id : row.section_id)));
  const sections = (await readPerHole(input, holes, 'CoreSection', 'core_id,section')).filter(
    (section) => coreIds.has(section.core_id) && (model === 'CoreCore' || ownSections.has(section.id)),
  );
  return { model, requested, cores, sections, holes };
}

/** One list query per hole (a report's cores usually share one), never one per core or section. */
export async function readPerHole(input: ReportInput, holes: readonly number[], modelName: string, sort: string) {
  const rows: Row[] = [];
  for (const hole of holes) {
    rows.push(...(await recordsWhere(input, modelName, { hole_id: `==${String(hole)}` }, sort)));
  }
  return rows;
}
