import type { Row } from '../../engine/records/dynamic-db';
import { cellText } from './report-columns';
import type { ReportInput, ReportOutput } from './report-definition';
import { recordsByIds } from './report-records';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML (element content and quoted attributes). */
export function escapeHtml(value: unknown): string {
  return cellText(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

// Screen and paper: the header repeats the program and expedition; tables do not split rows.
const BASE_CSS = `
  * { box-sizing: border-box; }
  body { font: 12px/1.4 system-ui, sans-serif; color: #111; margin: 16px; }
  header.report-header { display: flex; justify-content: space-between; align-items: baseline;
    border-bottom: 2px solid #333; margin-bottom: 12px; padding-bottom: 4px; }
  header.report-header h1 { font-size: 18px; margin: 0; flex: 1; }
  header.report-header .logo { height: 32px; margin-right: 12px; align-self: center; }
  header.report-header .context { color: #444; }
  table { border-collapse: collapse; width: 100%; margin-bottom: 16px; }
  th, td { border: 1px solid #bbb; padding: 2px 6px; text-align: left; vertical-align: top; }
  th { background: #eee; }
  tr { break-inside: avoid; }
  h2 { font-size: 15px; margin: 16px 0 6px; }
  .toolbar { margin-bottom: 8px; }
  @media print { body { margin: 0; } .no-print { display: none; } }
`;

/** The program and expedition the report's records belong to (what the header names). */
export async function headerContext(input: ReportInput, rows: readonly Row[]): Promise<string> {
  // A report on expeditions or programs names them by their own ids.
  const own = (model: string, column: string) =>
    rows.map((row) => (input.target?.model.fullName === model ? row.id : row[column]));
  const expeditions = await recordsByIds(input, 'ProjectExpedition', own('ProjectExpedition', 'expedition_id'));
  const programIds = [...own('ProjectProgram', 'program_id'), ...expeditions.map((row) => row.program_id)];
  const programs = await recordsByIds(input, 'ProjectProgram', programIds);
  const program = programs.map((p) => cellText(p.name ?? p.program)).join(', ');
  const expedition = expeditions
    .map((e) => [e.expedition, e.exp_acronym ?? e.exp_name].map(cellText).filter(Boolean).join(' '))
    .join(', ');
  return [program && `Program: ${program}`, expedition && `Expedition: ${expedition}`].filter(Boolean).join(' · ');
}

export interface ReportPage {
  title: string;
  /** Program and expedition line (see headerContext). */
  context: string;
  body: string;
  /** Extra CSS of the report (label sheets, the core log). */
  css?: string;
}

/** The common printable page: header with the report name, program and expedition, then the body. */
export function reportPage(page: ReportPage): ReportOutput {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>
<style>${BASE_CSS}${page.css ?? ''}</style></head>
<body><header class="report-header"><h1>${escapeHtml(page.title)}</h1>
<span class="context">${escapeHtml(page.context)}</span></header>
${page.body}
</body></html>`;
  return { contentType: 'text/html; charset=utf-8', body: html };
}

/** An HTML table of rows under the given columns. */
export function htmlTable(columns: readonly { name: string; label: string }[], rows: readonly Row[]): string {
  const head = columns.map((c) => `<th>${escapeHtml(c.label)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${columns.map((c) => `<td>${escapeHtml(row[c.name])}</td>`).join('')}</tr>`)
    .join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
