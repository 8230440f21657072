import { modelLabel } from '@mdis/shared';
import type { Row } from '../../../engine/records/dynamic-db';
import { parentColumnOf } from '../../../engine/records/record-model';
import { allColumns } from '../report-columns';
import type { ReportDefinition, ReportInput } from '../report-definition';
import { escapeHtml, headerContext, reportPage } from '../report-page';
import { recordsByIds, reportRecords, requireTarget } from '../report-records';

function fieldsTable(columns: readonly { name: string; label: string }[], row: Row): string {
  const lines = columns
    .map((c) => `<tr><th scope="row">${escapeHtml(c.label)}</th><td>${escapeHtml(row[c.name])}</td></tr>`)
    .join('\n');
  return `<table class="details">${lines}</table>`;
}

/** The parent chain of a record, nearest first: one read per level (a handful), each with its permissions. */
async function ancestorSections(input: ReportInput, row: Row): Promise<string[]> {
  const sections: string[] = [];
  let model = requireTarget(input).model;
  let current: Row = row;
  while (model.parentModel) {
    const parent = await input.deps.templates.getModel(model.parentModel);
    if (!parent) break;
    const found = (await recordsByIds(input, parent.fullName, [current[parentColumnOf(model, parent)]])).at(0);
    if (found === undefined) break;
    current = found;
    const target = { ref: { kind: 'global' as const, name: parent.fullName }, model: parent, form: undefined };
    sections.push(`<h2>${escapeHtml(modelLabel(parent))}</h2>${fieldsTable(allColumns(target), current)}`);
    model = parent;
  }
  return sections;
}

/** Details of one record: every column, then its ancestors' (reference §6 'Details of {Model} record'). */
export const detailsReport: ReportDefinition = {
  name: 'Details',
  title: 'Details of record',
  model: /.*/,
  records: 'single',
  type: 'report',
  async render(input) {
    const target = requireTarget(input);
    // A single-record request: the records engine answered the one record or a 404/403.
    const rows = await reportRecords(input);
    const own = rows.map((row) => fieldsTable(allColumns(target), row));
    const ancestors = rows.length > 0 ? await ancestorSections(input, rows[0]) : [];
    return reportPage({
      title: `Details of ${modelLabel(target.model)} record`,
      context: await headerContext(input, rows),
      body: [...own, ...ancestors].join('\n'),
    });
  },
};
