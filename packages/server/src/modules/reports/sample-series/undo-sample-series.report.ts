import { ALL_ROWS, AppError } from '@mdis/shared';
import type { Row } from '../../../engine/records/dynamic-db';
import { cellText } from '../report-columns';
import type { ReportDefinition, ReportInput } from '../report-definition';
import { escapeHtml, headerContext, htmlTable, reportPage } from '../report-page';
import { reportRecords } from '../report-records';
import { SAMPLES } from './create-sample-series.report';
import type { SampleReference, SampleSeries } from './sample-series.repository';
import { SERIES_MESSAGES } from './sample-series-plan';

const COLUMNS = [
  { name: 'sample_combined_id', label: 'Sample' },
  { name: 'igsn', label: 'IGSN' },
  { name: 'top', label: 'Top [cm]' },
  { name: 'sample_length', label: 'Length [cm]' },
  { name: 'sample_material', label: 'Material' },
];

interface SeriesOfSample {
  sample: Row;
  series: SampleSeries | undefined;
  /** The series' samples that still exist, read with the user's permissions. */
  samples: Row[];
}

async function seriesOf(input: ReportInput): Promise<SeriesOfSample> {
  const [sample] = await reportRecords(input);
  const series = await input.deps.sampleSeries.findBySample(Number(sample.id));
  if (!series) return { sample, series, samples: [] };
  const list = await input.deps.records.list(
    input.user,
    SAMPLES,
    { 'per-page': ALL_ROWS, sort: 'top' },
    { ids: series.sampleIds },
  );
  return { sample, series, samples: list.items };
}

/** Tables whose rows may point at samples (children and archive files), from the loaded templates. */
async function sampleReferences(input: ReportInput): Promise<SampleReference[]> {
  const sampleModel = await input.deps.templates.getModel(SAMPLES.name);
  if (!sampleModel) return [];
  const models = await input.deps.templates.listModels();
  return models.flatMap((model) =>
    Object.values(model.relations)
      .filter((relation) => relation.relationType !== 'nm' && relation.foreignTable === sampleModel.table)
      .flatMap((relation) => (relation.localColumns ?? []).map((column) => ({ table: model.table, column }))),
  );
}

/** UndoSampleSeries (reference §6): deletes every sample of the series the chosen sample belongs to. */
export const undoSampleSeriesReport: ReportDefinition = {
  name: 'UndoSampleSeries',
  title: 'Undo samples series',
  model: /^CurationSample$/,
  records: 'single',
  type: 'action',
  writes: 'CurationSample',
  confirmationMessage:
    'This deletes every sample of the series this sample belongs to. It cannot be reverted. Continue?',
  async render(input) {
    const { sample, series, samples } = await seriesOf(input);
    const body = series
      ? `<p>${escapeHtml(`${String(samples.length)} samples of this series would be deleted. Nothing is changed until the action is confirmed in the form.`)}</p>${htmlTable(COLUMNS, samples)}`
      : `<p>${escapeHtml(SERIES_MESSAGES.notInSeries)}</p>`;
    return reportPage({ title: 'Undo samples series', context: await headerContext(input, [sample]), body });
  },
  async run(input) {
    const { sample, series, samples } = await seriesOf(input);
    if (!series) throw new AppError('BAD_REQUEST', SERIES_MESSAGES.notInSeries);
    const ids = samples.map((row) => Number(row.id));
    // Checked before the first delete: a series is undone whole or not at all.
    const referencing = await input.deps.sampleSeries.firstReferencing(await sampleReferences(input), ids);
    if (referencing) {
      throw new AppError(
        'CONFLICT',
        `The sample series cannot be undone: ${referencing} still has records of its samples. Nothing was deleted.`,
      );
    }
    for (const id of ids) await input.deps.records.remove(input.user, SAMPLES, id);
    await input.deps.sampleSeries.remove(series.id);
    return {
      message: `${String(ids.length)} samples of the series of ${cellText(sample.sample_combined_id)} deleted.`,
      changed: ids.length,
    };
  },
};
