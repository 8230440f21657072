import { cellText } from '../report-columns';
import type { ReportDefinition } from '../report-definition';
import { escapeHtml, headerContext, reportPage } from '../report-page';
import { coreLogSvg } from './vcd-svg';
import { loadCoreLogs } from './vcd-data';

const CSS = `
  .core { display: inline-block; vertical-align: top; margin: 0 16px 16px 0; break-inside: avoid; }
  .core h2 { margin-top: 0; }
  .core .facts { color: #444; margin-bottom: 4px; }`;

/** `report/VisualCoreDescription?model=CoreCore&specific-ids=`: a depth-scaled log per core (reference §6). */
export const visualCoreDescriptionReport: ReportDefinition = {
  name: 'VisualCoreDescription',
  title: 'Visual Core Description',
  model: /^(CoreCore|CoreSection)$/,
  records: 'both',
  type: 'report',
  async render(input) {
    const logs = await loadCoreLogs(input);
    const cores = logs.map((log) => {
      const { core } = log;
      const facts = [
        `Top ${cellText(core.drillers_top_depth)} mbrf`,
        `drilled ${cellText(core.drilled_length)} m`,
        `recovered ${cellText(core.core_recovery)} m`,
        `${String(log.sections.length)} sections`,
      ].join(' · ');
      return `<section class="core"><h2>Core ${escapeHtml(core.combined_id)}</h2><div class="facts">${escapeHtml(facts)}</div>${coreLogSvg(log)}</section>`;
    });
    return reportPage({
      title: 'Visual Core Description',
      context: await headerContext(
        input,
        logs.map((log) => log.core),
      ),
      body: cores.join('\n') || '<p>No cores.</p>',
      css: CSS,
    });
  },
};
