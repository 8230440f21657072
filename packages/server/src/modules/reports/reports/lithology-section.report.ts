import type { Row } from '../../../engine/records/dynamic-db';
import { cellText } from '../report-columns';
import type { ReportDefinition } from '../report-definition';
import { escapeHtml, headerContext, htmlTable, reportPage } from '../report-page';
import { type CoreContext, groupBy, loadCoreContext, readPerHole } from './core-context';
import { num, sectionDepths } from './vcd-svg';

const CSS = `
  .core { break-inside: avoid-page; margin-bottom: 24px; }
  .core .facts { color: #444; margin-bottom: 4px; }
  h3 { font-size: 13px; margin: 12px 0 4px; }
  .empty { color: #666; font-style: italic; }`;

const UNIT_COLUMNS = [
  { name: 'split', label: 'Split' },
  { name: 'litho_unit', label: 'Litho Unit' },
  { name: 'top_depth', label: 'Top [cm]' },
  { name: 'bottom_depth', label: 'Bottom [cm]' },
  { name: 'unit_length', label: 'Unit Length [cm]' },
  { name: 'depth', label: 'Depth [m]' },
  { name: 'rock_class', label: 'Rock Class' },
  { name: 'rock_type', label: 'Rock Type' },
  { name: 'color', label: 'Color' },
  { name: 'composition', label: 'Composition' },
  { name: 'description', label: 'Description' },
] as const;

/** A unit as a table row: its split's type, depths within the section and in metres below the top. */
function unitRow(unit: Row, split: Row | undefined, sectionTop: number): Row {
  const top = num(unit.top_depth) ?? 0;
  const bottom = num(unit.bottom_depth) ?? top + (num(unit.unit_length) ?? 0);
  return {
    ...unit,
    split: split ? cellText(split.type) : '',
    bottom_depth: bottom,
    depth: `${(sectionTop + top / 100).toFixed(2)}–${(sectionTop + bottom / 100).toFixed(2)}`,
  };
}

/** The units to show: all of the sections', or only those of the requested splits or units. */
function unitsInScope(context: CoreContext, units: readonly Row[]): Row[] {
  const ids = new Set(context.requested.map((row) => row.id));
  if (context.model === 'CurationSectionSplit') return units.filter((unit) => ids.has(unit.section_split_id));
  if (context.model === 'GeologyLithology') return units.filter((unit) => ids.has(unit.id));
  return [...units];
}

/** LithologySection (reference §6): per core and section, the lithology units recorded on its splits. */
export const lithologySectionReport: ReportDefinition = {
  name: 'LithologySection',
  title: 'Lithology/Section Report',
  model: /^(CoreCore|CoreSection|CurationSectionSplit|GeologyLithology)$/,
  records: 'both',
  type: 'report',
  async render(input) {
    const context = await loadCoreContext(input);
    const splits = new Map(
      (await readPerHole(input, context.holes, 'CurationSectionSplit', 'id')).map((split) => [split.id, split]),
    );
    const units = unitsInScope(context, await readPerHole(input, context.holes, 'GeologyLithology', 'top_depth'));
    const unitsBySection = groupBy(units, 'section_id');
    const sectionsByCore = groupBy(context.sections, 'core_id');
    const body = context.cores.map((core) => {
      const sections = sectionDepths(core, sectionsByCore.get(core.id) ?? []).map(({ row, top, bottom }) => {
        const own = (unitsBySection.get(row.id) ?? []).map((unit) =>
          unitRow(unit, splits.get(unit.section_split_id), top),
        );
        const heading = `Section ${cellText(row.section)} · ${cellText(row.combined_id)} · ${top.toFixed(2)}–${bottom.toFixed(2)} m · length ${cellText(row.section_length)} m`;
        const table = own.length
          ? htmlTable(UNIT_COLUMNS, own)
          : '<p class="empty">No lithology recorded for this section.</p>';
        return `<h3>${escapeHtml(heading)}</h3>${table}`;
      });
      const facts = `Top ${cellText(core.drillers_top_depth)} mbrf · drilled ${cellText(core.drilled_length)} m · ${String(sections.length)} sections`;
      return `<section class="core"><h2>Core ${escapeHtml(core.combined_id)}</h2><div class="facts">${escapeHtml(facts)}</div>${sections.join('\n') || '<p class="empty">No sections.</p>'}</section>`;
    });
    return reportPage({
      title: 'Lithology/Section Report',
      context: await headerContext(input, context.cores),
      body: body.join('\n') || '<p>No cores.</p>',
      css: CSS,
    });
  },
};
