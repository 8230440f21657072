import QRCode from 'qrcode';
import type { Row } from '../../../engine/records/dynamic-db';
import { cellText } from '../report-columns';
import type { ReportDefinition } from '../report-definition';
import { escapeHtml, headerContext, reportPage } from '../report-page';
import { reportRecords, requireTarget } from '../report-records';

/** Common label stock (width × height in mm); several labels per A4 page. */
export const LABEL_SIZES = {
  small: { width: 50, height: 25 },
  medium: { width: 70, height: 37 },
  large: { width: 100, height: 50 },
} as const;
type LabelSize = keyof typeof LABEL_SIZES;

interface LabelSpec {
  name: string;
  title: string;
  model: RegExp;
  records: ReportDefinition['records'];
  /** The identifier printed in bold (the first non-empty of these columns). */
  heading: string[];
  /** Further lines: [caption, column] (a column with no value is left out). */
  lines: [string, string][];
  directPrint?: boolean;
  canAutoPrint?: boolean;
}

function sizeOf(value: unknown): LabelSize {
  return typeof value === 'string' && Object.hasOwn(LABEL_SIZES, value) ? (value as LabelSize) : 'medium';
}

function firstText(row: Row, columns: readonly string[]): string {
  for (const column of columns) {
    const text = cellText(row[column]);
    if (text !== '') return text;
  }
  return '';
}

/** One label: the QR code encodes the IGSN (the heading when the record has none). */
async function label(spec: LabelSpec, row: Row): Promise<string> {
  const heading = firstText(row, spec.heading);
  const igsn = cellText(row.igsn);
  const payload = igsn || heading;
  const qr = payload ? await QRCode.toString(payload, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }) : '';
  const lines = spec.lines
    .map(([caption, column]) => [caption, cellText(row[column])] as const)
    .filter(([, value]) => value !== '')
    .map(([caption, value]) => `<div>${escapeHtml(caption)}: ${escapeHtml(value)}</div>`)
    .join('');
  return `<div class="label" data-igsn="${escapeHtml(igsn)}"><div class="qr">${qr}</div><div class="text">
<div class="heading">${escapeHtml(heading)}</div>${igsn ? `<div class="igsn">${escapeHtml(igsn)}</div>` : ''}${lines}</div></div>`;
}

function labelCss(size: LabelSize): string {
  const { width, height } = LABEL_SIZES[size];
  return `
  @page { size: A4; margin: 10mm; }
  .sheet { display: flex; flex-wrap: wrap; gap: 2mm; }
  .label { width: ${String(width)}mm; height: ${String(height)}mm; border: 1px dashed #999; padding: 2mm;
    display: flex; gap: 2mm; overflow: hidden; break-inside: avoid; font-size: ${size === 'small' ? 7 : 9}px; }
  .label .qr { flex: 0 0 ${String(height - 6)}mm; }
  .label .qr svg { width: 100%; height: auto; display: block; }
  .label .heading { font-weight: bold; font-size: 1.2em; word-break: break-all; }
  .label .igsn { font-family: monospace; }
  @media print { .label { border-color: transparent; } header.report-header { display: none; } }`;
}

function labelReport(spec: LabelSpec): ReportDefinition {
  return {
    name: spec.name,
    title: spec.title,
    model: spec.model,
    records: spec.records,
    type: 'report',
    directPrint: spec.directPrint ?? false,
    canAutoPrint: spec.canAutoPrint ?? false,
    async render(input) {
      requireTarget(input);
      const rows = await reportRecords(input);
      const size = sizeOf(input.query.extra.size);
      const labels = await Promise.all(rows.map((row) => label(spec, row)));
      return reportPage({
        title: spec.title,
        context: await headerContext(input, rows),
        body: `<div class="sheet">${labels.join('\n')}</div>`,
        css: labelCss(size),
      });
    },
  };
}

/** Labels with QR codes (reference §6): splits, samples, core boxes, cores, cuttings. */
export const labelReports: ReportDefinition[] = [
  labelReport({
    name: 'SectionQrCodes',
    title: 'Section label',
    model: /^CurationSectionSplit$/,
    records: 'both',
    heading: ['combined_id'],
    lines: [
      ['Type', 'type'],
      ['Length [cm]', 'curated_length'],
      ['Top [mcd]', 'mcd_top_depth'],
      ['Box', 'corebox_name'],
    ],
  }),
  labelReport({
    name: 'SampleQrCodes',
    title: 'Sample Label',
    model: /^CurationSample$/,
    records: 'both',
    heading: ['sample_combined_id', 'combined_id'],
    lines: [
      ['Top [mcd]', 'mcd_top_depth'],
      ['Request', 'sample_request_id'],
      ['Material', 'sample_material'],
      ['Date', 'sample_date'],
    ],
    canAutoPrint: true,
  }),
  labelReport({
    name: 'CoreboxLabel',
    title: 'Core box label',
    model: /^CurationCorebox$/,
    records: 'both',
    heading: ['corebox_combined_id', 'combined_id'],
    lines: [
      ['Box', 'corebox'],
      ['Contents', 'contained_section_splits'],
      ['Storage', 'storage_combined_id'],
    ],
  }),
  labelReport({
    name: 'CoreQrCodes',
    title: 'Core label',
    model: /^CoreCore$/,
    records: 'single',
    heading: ['combined_id'],
    lines: [
      ['Top [mbs]', 'core_top_depth'],
      ['Bottom [mbs]', 'core_bottom_depth'],
      ['Type', 'core_type'],
    ],
    directPrint: true,
    canAutoPrint: true,
  }),
  labelReport({
    name: 'CuttingsQrCodes',
    title: 'Cuttings label',
    model: /^CurationCuttings$/,
    records: 'both',
    heading: ['cuttings_combined_id', 'combined_id'],
    lines: [
      ['Top [mbs]', 'top_depth'],
      ['Bottom [mbs]', 'bottom_depth'],
    ],
  }),
];
