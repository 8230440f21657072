import type { Row } from '../../../engine/records/dynamic-db';
import { cellText } from '../report-columns';
import type { ReportDefinition, ReportInput } from '../report-definition';
import { escapeHtml, headerContext, htmlTable, reportPage } from '../report-page';
import { recordsByIds, recordsWhere, reportRecords, requireTarget } from '../report-records';

const SPLIT_MODEL = 'CurationSectionSplit';
const WHOLE_ROUND = 'WR';
/** Archive and working halves, each half of the whole round; only the working half is sampled. */
const HALVES = [
  { type: 'A', sampleable: 0 },
  { type: 'W', sampleable: 1 },
] as const;

interface PlannedSplit {
  section: Row;
  values: Row;
}

function byHole(rows: readonly Row[]): number[] {
  return [...new Set(rows.map((row) => row.hole_id))].filter((id): id is number => typeof id === 'number');
}

/** The sections the request names: themselves, those of the cores, or those of the splits. */
async function sectionsOf(input: ReportInput): Promise<Row[]> {
  const rows = await reportRecords(input);
  const model = requireTarget(input).model.fullName;
  if (model === 'CoreSection') return rows;
  if (model === SPLIT_MODEL)
    return recordsByIds(
      input,
      'CoreSection',
      rows.map((row) => row.section_id),
    );
  const cores = new Set(rows.map((row) => row.id));
  const sections: Row[] = [];
  for (const hole of byHole(rows)) {
    sections.push(...(await recordsWhere(input, 'CoreSection', { hole_id: `==${String(hole)}` }, 'core_id,section')));
  }
  return sections.filter((section) => cores.has(section.core_id));
}

/** The A and W splits the sections lack, each made from the section's whole round (one split query per hole). */
async function plan(input: ReportInput): Promise<PlannedSplit[]> {
  const sections = await sectionsOf(input);
  const splits: Row[] = [];
  for (const hole of byHole(sections))
    splits.push(...(await recordsWhere(input, SPLIT_MODEL, { hole_id: `==${String(hole)}` })));
  return sections.flatMap((section) => {
    const own = splits.filter((split) => split.section_id === section.id);
    const wholeRound = own.find((split) => split.type === WHOLE_ROUND);
    if (!wholeRound) return [];
    return HALVES.filter((half) => !own.some((split) => split.type === half.type)).map((half) => ({
      section,
      values: {
        section_id: section.id,
        type: half.type,
        origin_split_id: wholeRound.id,
        percent: 50,
        still_exists: 1,
        sampleable: half.sampleable,
        curator: wholeRound.curator ?? null,
      },
    }));
  });
}

/** '1 split', '2 splits'. */
function counted(n: number, noun: string): string {
  return `${String(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** SplitSection (reference §6): create the archive and working halves of the selected sections. */
export const splitSectionReport: ReportDefinition = {
  name: 'SplitSection',
  title: 'Split sections',
  model: /^(CoreCore|CoreSection|CurationSectionSplit)$/,
  records: 'both',
  type: 'action',
  writes: 'CurationSectionSplit',
  confirmationMessage: 'This creates the A (archive) and W (working) splits of the selected sections. Continue?',
  async render(input) {
    const planned = await plan(input);
    const rows = planned.map((p) => ({ section: p.section.combined_id, type: p.values.type, origin: WHOLE_ROUND }));
    const columns = [
      { name: 'section', label: 'Section' },
      { name: 'type', label: 'New split' },
      { name: 'origin', label: 'Origin' },
    ];
    const body = planned.length
      ? `<p>${escapeHtml(`${String(planned.length)} splits would be created. Nothing is changed until the action is confirmed in the form.`)}</p>${htmlTable(columns, rows)}`
      : '<p>Every selected section already has its A and W splits (or has no whole round).</p>';
    return reportPage({
      title: 'Split sections',
      context: await headerContext(
        input,
        planned.map((p) => p.section),
      ),
      body,
    });
  },
  async run(input) {
    const planned = await plan(input);
    for (const split of planned) {
      await input.deps.records.create(input.user, { kind: 'global', name: SPLIT_MODEL }, split.values);
    }
    const sections = new Set(planned.map((p) => cellText(p.section.combined_id)));
    return {
      message: `${counted(planned.length, 'split')} created in ${counted(sections.size, 'section')}.`,
      changed: planned.length,
    };
  },
};
