import type { Row } from '../../../engine/records/dynamic-db';
import type { RecordTargetRef } from '../../../engine/records/record-target';
import { cellText } from '../report-columns';
import type { ReportDefinition, ReportInput } from '../report-definition';
import { escapeHtml, headerContext, htmlTable, reportPage } from '../report-page';
import { reportRecords } from '../report-records';
import { type SeriesParams, hasSeriesParams, parseSeriesParams, planSeries } from './sample-series-plan';
import { REPORT_ACTION_SCRIPT_PATH } from '../report-action-script';
import { SERIES_FORM_CSS, seriesForm } from './sample-series-page';

export const SAMPLES: RecordTargetRef = { kind: 'global', name: 'CurationSample' };

const PREVIEW_COLUMNS = [
  { name: 'position', label: '#' },
  { name: 'top', label: 'Top [cm]' },
  { name: 'bottom', label: 'Bottom [cm]' },
  { name: 'sample_length', label: 'Length [cm]' },
  { name: 'sample_material', label: 'Material' },
];

function preview(split: Row, params: SeriesParams): string {
  const planned = planSeries(split, params).map((sample, index) => ({
    ...sample,
    position: index + 1,
    bottom: Math.round((Number(sample.top) + params.length) * 100) / 100,
  }));
  const note = `${String(planned.length)} samples would be created on split ${cellText(split.combined_id)}. Nothing is changed until the action is confirmed.`;
  return `<p>${escapeHtml(note)}</p>${htmlTable(PREVIEW_COLUMNS, planned)}`;
}

/**
 * Removes what a failed series already created: the records engine writes one record per
 * transaction, so a series is made all-or-nothing by undoing its first samples when a later one fails.
 */
async function rollBack(input: ReportInput, created: readonly number[]): Promise<void> {
  for (const id of [...created].reverse()) {
    await input.deps.records.remove(input.user, SAMPLES, id).catch(() => undefined);
  }
}

/**
 * CreateSampleSeries: N samples along one split from a start top, each `length` cm long, one every
 * `interval` cm. Created through the records engine (combined ids, IGSNs and behaviors apply) and
 * remembered as a series, so that UndoSampleSeries can take them back together.
 */
export const createSampleSeriesReport: ReportDefinition = {
  name: 'CreateSampleSeries',
  title: 'Create sample series',
  model: /^CurationSectionSplit$/,
  records: 'single',
  type: 'action',
  writes: 'CurationSample',
  opensPage: true,
  confirmationMessage: 'This creates a series of samples along the split, as entered on the report page. Continue?',
  async render(input) {
    const [split] = await reportRecords(input);
    const { extra } = input.query;
    const curated = cellText(split.curated_length);
    const facts = `Split ${cellText(split.combined_id)}${curated ? ` · curated length ${curated} cm` : ''}`;
    const body = `<p>${escapeHtml(facts)}</p>
${seriesForm(input, extra)}${hasSeriesParams(extra) ? preview(split, parseSeriesParams(extra)) : ''}
<script src="${REPORT_ACTION_SCRIPT_PATH}" defer></script>`;
    const context = await headerContext(input, [split]);
    return reportPage({ title: 'Create sample series', context, body, css: SERIES_FORM_CSS });
  },
  async run(input) {
    const [split] = await reportRecords(input);
    const params = parseSeriesParams(input.query.extra);
    const planned = planSeries(split, params);
    const created: number[] = [];
    try {
      for (const values of planned)
        created.push(Number((await input.deps.records.create(input.user, SAMPLES, values)).id));
      await input.deps.sampleSeries.create(
        {
          splitId: Number(split.id),
          createdBy: input.user.id,
          startTop: params.top,
          sampleLength: params.length,
          spacing: params.interval,
          sampleIds: created,
        },
        Math.floor(Date.now() / 1000),
      );
    } catch (error) {
      await rollBack(input, created);
      throw error;
    }
    return {
      message: `${String(created.length)} samples created on split ${cellText(split.combined_id)}.`,
      changed: created.length,
    };
  },
};
