import { visibleColumns } from '../report-columns';
import type { ReportDefinition } from '../report-definition';
import { headerContext, htmlTable, reportPage } from '../report-page';
import { reportRecords, requireTarget } from '../report-records';

/** The table's records under its filter and sort (or the ticked rows), its visible columns, as a printable page. */
export const listReport: ReportDefinition = {
  name: 'List',
  title: 'List of records',
  model: /.*/,
  records: 'multiple',
  type: 'report',
  async render(input) {
    const target = requireTarget(input);
    const columns = visibleColumns(target, input.query.columns);
    const rows = await reportRecords(input);
    const count = `<p>${String(rows.length)} records</p>`;
    return reportPage({
      title: `List of ${target.model.fullName} records`,
      context: await headerContext(input, rows),
      body: `${count}${htmlTable(columns, rows)}`,
    });
  },
};
