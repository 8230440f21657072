import { AppError, REPORT_MESSAGES } from '@mdis/shared';
import { toCsv } from '../report-csv';
import type { ReportDefinition } from '../report-definition';

/** `report/ExportValueList?listname=`: one value list as CSV, for administrators (spec 1 §6). */
export const exportValueListReport: ReportDefinition = {
  name: 'ExportValueList',
  title: 'Export value list',
  model: /^$/,
  records: 'multiple',
  type: 'export',
  standalone: true,
  role: 'administrator',
  async render({ deps, query }) {
    const listname = query.listname?.trim();
    if (!listname) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.missingListName);
    await deps.listValues.listInfo(listname);
    const { items } = await deps.listValues.list({ listname });
    const lines = [
      ['listname', 'display', 'remark', 'uri', 'sort'],
      ...items.map((i) => [listname, i.display, i.remark, i.uri, i.sort]),
    ];
    return {
      contentType: 'text/csv; charset=utf-8',
      fileName: `${listname.replace(/[^\w-]/g, '_')}.csv`,
      body: toCsv(lines),
    };
  },
};
