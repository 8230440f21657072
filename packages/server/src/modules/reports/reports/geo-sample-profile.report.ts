import { cellText } from '../report-columns';
import type { ReportDefinition } from '../report-definition';
import { escapeHtml, headerContext, htmlTable, reportPage } from '../report-page';
import { groupBy, loadCoreContext, readPerHole } from './core-context';
import { placeSamples, sampleLabel, sampleProfileSvg } from './sample-profile-svg';

const CSS = `
  .core { break-inside: avoid-page; margin-bottom: 24px; }
  .core .facts { color: #444; margin-bottom: 4px; }
  .profile { display: flex; gap: 16px; align-items: flex-start; }
  .profile table { width: auto; }`;

const SAMPLE_COLUMNS = [
  { name: 'label', label: 'Sample' },
  { name: 'igsn', label: 'IGSN' },
  { name: 'depth', label: 'Depth [m]' },
  { name: 'sample_material', label: 'Material' },
  { name: 'purpose', label: 'Purpose' },
];

/** GeoSampleProfile (reference §6): a depth-scaled profile of the samples taken from the cores or sections. */
export const geoSampleProfileReport: ReportDefinition = {
  name: 'GeoSampleProfile',
  title: 'Geo Sample Profile',
  model: /^(CoreCore|CoreSection)$/,
  records: 'both',
  type: 'report',
  async render(input) {
    const context = await loadCoreContext(input);
    const samplesBySection = groupBy(await readPerHole(input, context.holes, 'CurationSample', 'top'), 'section_id');
    const sectionsByCore = groupBy(context.sections, 'core_id');
    const body = context.cores.map((core) => {
      const sections = sectionsByCore.get(core.id) ?? [];
      const placed = placeSamples(core, sections, samplesBySection).sort((a, b) => a.top - b.top);
      const rows = placed.map(({ sample, top, bottom }) => ({
        ...sample,
        label: cellText(sample.sample_combined_id) || sampleLabel(sample),
        depth: `${top.toFixed(2)}–${bottom.toFixed(2)}`,
      }));
      const facts = `${String(sections.length)} sections · ${String(placed.length)} samples`;
      const table = rows.length ? htmlTable(SAMPLE_COLUMNS, rows) : '<p>No samples taken.</p>';
      return `<section class="core"><h2>Core ${escapeHtml(core.combined_id)}</h2><div class="facts">${escapeHtml(facts)}</div>
<div class="profile">${sampleProfileSvg(core, sections, placed)}${table}</div></section>`;
    });
    return reportPage({
      title: 'Geo Sample Profile',
      context: await headerContext(input, context.cores),
      body: body.join('\n') || '<p>No cores.</p>',
      css: CSS,
    });
  },
};
