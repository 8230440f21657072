import PDFDocument from 'pdfkit';
import type { Row } from '../../../engine/records/dynamic-db';
import { cellText } from '../report-columns';
import type { ReportDefinition, ReportInput } from '../report-definition';
import { escapeHtml, headerContext, htmlTable, reportPage } from '../report-page';
import { type CoreLog, loadCoreLogs } from './vcd-data';
import { sectionDepths } from './vcd-svg';

const SECTION_COLUMNS = [
  { name: 'section', label: 'Section' },
  { name: 'combined_id', label: 'Combined ID' },
  { name: 'section_length', label: 'Length [m]' },
  { name: 'curated_length', label: 'Curated [m]' },
  { name: 'top', label: 'Top [m]' },
  { name: 'bottom', label: 'Bottom [m]' },
  { name: 'section_condition', label: 'Condition' },
] as const;

/** A section's printed values: its columns plus the top and bottom depths of its log. */
function sectionRows(log: CoreLog): Row[] {
  return sectionDepths(log.core, log.sections).map(({ row, top, bottom }) => ({
    ...row,
    top: top.toFixed(2),
    bottom: bottom.toFixed(2),
  }));
}

function coreLine(core: Row): string {
  return [
    `Top ${cellText(core.drillers_top_depth)} mbrf`,
    `drilled ${cellText(core.drilled_length)} m`,
    `recovered ${cellText(core.core_recovery)} m`,
    `type ${cellText(core.core_type) || '-'}`,
  ].join(' · ');
}

const CORES = /^CoreCore$/;

/** Cores with their sections as a printable page (reference §6 CoreSections). */
export const coreSectionsReport: ReportDefinition = {
  name: 'CoreSections',
  title: 'Cores with Sections',
  model: CORES,
  records: 'both',
  type: 'report',
  async render(input) {
    const logs = await loadCoreLogs(input, false);
    const body = logs
      .map(
        (log) =>
          `<h2>Core ${escapeHtml(log.core.combined_id)}</h2><p>${escapeHtml(coreLine(log.core))}</p>${htmlTable(SECTION_COLUMNS, sectionRows(log))}`,
      )
      .join('\n');
    return reportPage({
      title: 'Cores with Sections',
      context: await headerContext(
        input,
        logs.map((log) => log.core),
      ),
      body,
    });
  },
};

const COLUMN_WIDTHS = [50, 150, 60, 60, 60, 60, 75];

function pdfTable(doc: PDFKit.PDFDocument, rows: readonly Row[]): void {
  const left = doc.page.margins.left;
  const line = (cells: readonly string[], bold: boolean) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let x = left;
    cells.forEach((cell, index) => {
      const width = COLUMN_WIDTHS[index] ?? 60;
      doc.text(cell, x, y, { width: width - 4, lineBreak: false, ellipsis: true });
      x += width;
    });
    doc.x = left;
    doc.y = y + 14;
  };
  line(
    SECTION_COLUMNS.map((c) => c.label),
    true,
  );
  for (const row of rows)
    line(
      SECTION_COLUMNS.map((c) => cellText(row[c.name])),
      false,
    );
}

/** The PDF of the same: one block per core, pages added as needed; for printing and archiving. */
async function coreSectionsPdf(input: ReportInput): Promise<Buffer> {
  const logs = await loadCoreLogs(input, false);
  const context = await headerContext(
    input,
    logs.map((log) => log.core),
  );
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: 'Cores with Sections (PDF)' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(16).text('Cores with Sections');
  doc.font('Helvetica').fontSize(9).text(context).moveDown();
  for (const log of logs) {
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`Core ${cellText(log.core.combined_id)}`);
    doc.font('Helvetica').fontSize(9).text(coreLine(log.core)).moveDown(0.3);
    pdfTable(doc, sectionRows(log));
    doc.moveDown();
  }
  doc.end();
  return done;
}

/** CoreSectionsPdf, 'Cores with Sections (PDF)': the cores with their sections as a PDF document (reference §6). */
export const coreSectionsPdfReport: ReportDefinition = {
  name: 'CoreSectionsPdf',
  title: 'Cores with Sections (PDF)',
  model: CORES,
  records: 'both',
  type: 'report',
  async render(input) {
    return { contentType: 'application/pdf', body: await coreSectionsPdf(input) };
  },
};
