import type { Row } from '../../../engine/records/dynamic-db';
import { cellText } from '../report-columns';
import { escapeHtml } from '../report-page';
import type { CoreLog } from './vcd-data';

const PX_PER_M = 240;
const TOP_MARGIN = 24;
export const AXIS = { x: 0, width: 56 };
const SECTIONS = { x: 60, width: 110 };
const PHOTOS = { x: 176, width: 90 };
const LITHO = { x: 272, width: 200 };
const WIDTH = LITHO.x + LITHO.width + 4;

export function num(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Top and bottom of each section in metres: its computed depths, else stacked from the core top. */
export function sectionDepths(core: Row, sections: readonly Row[]): { row: Row; top: number; bottom: number }[] {
  let next = num(core.drillers_top_depth) ?? num(core.core_top_depth) ?? 0;
  return sections.map((row) => {
    const top = num(row.top_depth) ?? next;
    const bottom = num(row.bottom_depth) ?? top + (num(row.section_length) ?? 0);
    next = bottom;
    return { row, top, bottom };
  });
}

/** A stable pale colour per rock class, so the same lithology looks the same in every log. */
function colourOf(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return `hsl(${String(hash)} 55% 78%)`;
}

/** The depth axis in metres, ticks every metre (half metre on short logs). */
export function depthAxis(top: number, bottom: number, y: (d: number) => number): string {
  const step = bottom - top > 6 ? 1 : 0.5;
  const ticks: string[] = [];
  for (let d = Math.ceil(top / step) * step; d <= bottom + 1e-9; d += step) {
    ticks.push(`<line x1="${String(AXIS.width - 8)}" x2="${String(AXIS.width)}" y1="${String(y(d))}" y2="${String(y(d))}" stroke="#333"/>
<text x="${String(AXIS.width - 10)}" y="${String(y(d) + 4)}" text-anchor="end" font-size="10">${d.toFixed(1)}</text>`);
  }
  return `<line x1="${String(AXIS.width)}" x2="${String(AXIS.width)}" y1="${String(y(top))}" y2="${String(y(bottom))}" stroke="#333"/>${ticks.join('')}`;
}

function sectionRect(top: number, bottom: number, row: Row, y: (d: number) => number): string {
  const height = Math.max(1, y(bottom) - y(top));
  const length = num(row.section_length);
  return `<g class="section"><rect x="${String(SECTIONS.x)}" y="${String(y(top))}" width="${String(SECTIONS.width)}" height="${String(height)}" fill="#f3efe6" stroke="#555"/>
<text x="${String(SECTIONS.x + 6)}" y="${String(y(top) + 13)}" font-size="11" font-weight="bold">Section ${escapeHtml(row.section)}</text>
<text x="${String(SECTIONS.x + 6)}" y="${String(y(top) + 26)}" font-size="10">${length === undefined ? '' : `${length.toFixed(2)} m`}</text>
<text x="${String(SECTIONS.x + 6)}" y="${String(y(top) + 38)}" font-size="9">${top.toFixed(2)}–${bottom.toFixed(2)} m</text></g>`;
}

function photo(top: number, bottom: number, files: readonly Row[], y: (d: number) => number): string {
  if (files.length === 0) return '';
  const file = files[0];
  const height = Math.max(1, y(bottom) - y(top));
  // The page is served at /report/{name}: files live at the site root.
  return `<image href="../files/${escapeHtml(file.id)}" x="${String(PHOTOS.x)}" y="${String(y(top))}" width="${String(PHOTOS.width)}" height="${String(height)}" preserveAspectRatio="none"/>`;
}

function lithologyRects(sectionTop: number, units: readonly Row[], y: (d: number) => number): string {
  return units
    .map((unit) => {
      const top = sectionTop + (num(unit.top_depth) ?? 0) / 100;
      const bottom =
        sectionTop + (num(unit.bottom_depth) ?? (num(unit.top_depth) ?? 0) + (num(unit.unit_length) ?? 0)) / 100;
      const label = [unit.litho_unit, unit.rock_class].map(cellText).filter(Boolean).join(' · ');
      const height = Math.max(1, y(bottom) - y(top));
      return `<g class="lithology"><rect x="${String(LITHO.x)}" y="${String(y(top))}" width="${String(LITHO.width)}" height="${String(height)}" fill="${colourOf(cellText(unit.rock_class))}" stroke="#777"/>
<text x="${String(LITHO.x + 4)}" y="${String(y(top) + 12)}" font-size="10">${escapeHtml(label)}</text></g>`;
    })
    .join('');
}

/** One core's depth-scaled log: axis, sections with lengths and depths, split scans, lithology units. */
export function coreLogSvg(log: CoreLog): string {
  const depths = sectionDepths(log.core, log.sections);
  const coreTop = num(log.core.drillers_top_depth) ?? (depths.length > 0 ? depths[0].top : 0);
  const drilled = num(log.core.drilled_length) ?? 0;
  const top = Math.min(coreTop, depths[0]?.top ?? coreTop);
  const bottom = Math.max(coreTop + drilled, depths.at(-1)?.bottom ?? coreTop + drilled, top + 0.5);
  // Rounded to 0.01 px: depths in metres are not exact in binary and would print 17 digits.
  const y = (d: number) => Math.round((TOP_MARGIN + (d - top) * PX_PER_M) * 100) / 100;
  const height = y(bottom) + 12;
  const parts = depths.map(({ row, top: t, bottom: b }) =>
    [
      sectionRect(t, b, row, y),
      photo(t, b, log.photos.get(row.id) ?? [], y),
      lithologyRects(t, log.lithology.get(row.id) ?? [], y),
    ].join(''),
  );
  const headings = `<text x="${String(SECTIONS.x)}" y="14" font-size="11">Sections</text>
<text x="${String(PHOTOS.x)}" y="14" font-size="11">Split scan</text><text x="${String(LITHO.x)}" y="14" font-size="11">Lithology</text>
<text x="0" y="14" font-size="11">[m]</text>`;
  return `<svg class="core-log" xmlns="http://www.w3.org/2000/svg" width="${String(WIDTH)}" height="${String(height)}" viewBox="0 0 ${String(WIDTH)} ${String(height)}" role="img" aria-label="Core ${escapeHtml(log.core.combined_id)}">
${headings}${depthAxis(top, bottom, y)}${parts.join('\n')}</svg>`;
}
