import type { Row } from '../../../engine/records/dynamic-db';
import { cellText } from '../report-columns';
import { escapeHtml } from '../report-page';
import { AXIS, depthAxis, num, sectionDepths } from './vcd-svg';

const PX_PER_M = 240;
const TOP_MARGIN = 24;
const SECTIONS = { x: AXIS.width + 4, width: 90 };
const SAMPLES = { x: SECTIONS.x + SECTIONS.width + 6, width: 28 };
const LABELS = { x: SAMPLES.x + SAMPLES.width + 6, width: 420 };
const WIDTH = LABELS.x + LABELS.width;

/** A sample placed on the depth axis: its section's top plus its top and length in centimetres. */
export interface PlacedSample {
  sample: Row;
  top: number;
  bottom: number;
}

/** Samples in metres below the core's reference, from the depths of the sections they were taken from. */
export function placeSamples(core: Row, sections: readonly Row[], samples: ReadonlyMap<unknown, Row[]>) {
  return sectionDepths(core, sections).flatMap(({ row, top }) =>
    (samples.get(row.id) ?? []).map((sample): PlacedSample => {
      const from = num(sample.top) ?? 0;
      const length = num(sample.sample_length) ?? 0;
      return { sample, top: top + from / 100, bottom: top + (from + length) / 100 };
    }),
  );
}

/** What the label beside a sample says: its id (or IGSN), material and purpose. */
export function sampleLabel(sample: Row): string {
  const id = cellText(sample.sample_combined_id) || cellText(sample.combined_id) || `#${cellText(sample.id)}`;
  const facts = [sample.igsn, sample.sample_material, sample.purpose].map(cellText);
  return [id, ...facts].filter(Boolean).join(' · ');
}

function sectionBox(row: Row, top: number, bottom: number, y: (d: number) => number): string {
  const height = Math.max(1, y(bottom) - y(top));
  return `<g class="section"><rect x="${String(SECTIONS.x)}" y="${String(y(top))}" width="${String(SECTIONS.width)}" height="${String(height)}" fill="#f3efe6" stroke="#555"/>
<text x="${String(SECTIONS.x + 4)}" y="${String(y(top) + 12)}" font-size="10" font-weight="bold">Section ${escapeHtml(row.section)}</text>
<text x="${String(SECTIONS.x + 4)}" y="${String(y(top) + 24)}" font-size="9">${top.toFixed(2)}–${bottom.toFixed(2)} m</text></g>`;
}

// Labels of samples taken close together would overlap: each one moves below the previous label.
const LABEL_HEIGHT = 11;

function sampleMarks(placed: readonly PlacedSample[], y: (d: number) => number): string {
  let nextFree = 0;
  return placed
    .map(({ sample, top, bottom }) => {
      const height = Math.max(2, Math.round((y(bottom) - y(top)) * 100) / 100);
      const labelY = Math.max(y(top) + 9, nextFree);
      nextFree = labelY + LABEL_HEIGHT;
      const title = `${sampleLabel(sample)} (${top.toFixed(2)}–${bottom.toFixed(2)} m)`;
      return `<g class="sample"><title>${escapeHtml(title)}</title><rect x="${String(SAMPLES.x)}" y="${String(y(top))}" width="${String(SAMPLES.width)}" height="${String(height)}" fill="#c0392b" fill-opacity="0.7" stroke="#7b241c"/>
<line x1="${String(SAMPLES.x + SAMPLES.width)}" x2="${String(LABELS.x - 2)}" y1="${String(y(top) + height / 2)}" y2="${String(labelY - 3)}" stroke="#999"/>
<text x="${String(LABELS.x)}" y="${String(labelY)}" font-size="9">${escapeHtml(sampleLabel(sample))}</text></g>`;
    })
    .join('\n');
}

/** One core's sample profile: depth axis, the sections, and each sample's interval with its label. */
export function sampleProfileSvg(core: Row, sections: readonly Row[], placed: readonly PlacedSample[]): string {
  const depths = sectionDepths(core, sections);
  const coreTop = num(core.drillers_top_depth) ?? depths.at(0)?.top ?? 0;
  const top = Math.min(coreTop, depths[0]?.top ?? coreTop);
  const bottom = Math.max(depths.at(-1)?.bottom ?? coreTop, top + 0.5);
  // Rounded to 0.01 px: depths in metres are not exact in binary and would print 17 digits.
  const y = (d: number) => Math.round((TOP_MARGIN + (d - top) * PX_PER_M) * 100) / 100;
  const height = Math.max(y(bottom), (placed.length + 2) * LABEL_HEIGHT + TOP_MARGIN) + 12;
  const headings = `<text x="0" y="14" font-size="11">[m]</text><text x="${String(SECTIONS.x)}" y="14" font-size="11">Sections</text>
<text x="${String(SAMPLES.x)}" y="14" font-size="11">Samples</text>`;
  const boxes = depths.map(({ row, top: t, bottom: b }) => sectionBox(row, t, b, y)).join('\n');
  return `<svg class="sample-profile" xmlns="http://www.w3.org/2000/svg" width="${String(WIDTH)}" height="${String(height)}" viewBox="0 0 ${String(WIDTH)} ${String(height)}" role="img" aria-label="Samples of core ${escapeHtml(core.combined_id)}">
${headings}${depthAxis(top, bottom, y)}${boxes}${sampleMarks(placed, y)}</svg>`;
}
