import ExcelJS from 'exceljs';
import type { Row } from '../../../engine/records/dynamic-db';
import { allColumns, cellText, type ReportColumn, visibleColumns } from '../report-columns';
import { toCsv } from '../report-csv';
import type { ReportDefinition, ReportInput, ReportOutput, ReportTarget } from '../report-definition';
import { reportRecords, requireTarget } from '../report-records';

type ColumnChoice = (target: ReportTarget, input: ReportInput) => ReportColumn[];
type Writer = (name: string, columns: ReportColumn[], rows: Row[]) => Promise<ReportOutput>;

const visible: ColumnChoice = (target, input) => visibleColumns(target, input.query.columns);
const every: ColumnChoice = (target) => allColumns(target);

/** `{model}-{yyyy-mm-dd}.{ext}`: the model and the day, safe in a header. */
function fileName(name: string, extension: string): string {
  return `${name.replace(/[^\w-]/g, '_')}-${new Date().toISOString().slice(0, 10)}.${extension}`;
}

const csv: Writer = (name, columns, rows) =>
  Promise.resolve({
    contentType: 'text/csv; charset=utf-8',
    fileName: fileName(name, 'csv'),
    body: toCsv([columns.map((c) => c.name), ...rows.map((row) => columns.map((c) => row[c.name]))]),
  });

/** A cell keeps numbers as numbers; everything else is its text. */
function xlsxValue(value: unknown): string | number | null {
  if (typeof value === 'number') return value;
  const text = cellText(value);
  return text === '' ? null : text;
}

const xlsx: Writer = async (name, columns, rows) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: c.name,
    key: c.name,
    width: Math.min(40, Math.max(10, c.name.length + 2)),
  }));
  for (const row of rows) sheet.addRow(columns.map((c) => xlsxValue(row[c.name])));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: fileName(name, 'xlsx'),
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
};

const json: Writer = (name, columns, rows) =>
  Promise.resolve({
    contentType: 'application/json; charset=utf-8',
    fileName: fileName(name, 'json'),
    body: JSON.stringify(
      rows.map((row) => Object.fromEntries(columns.map((c) => [c.name, row[c.name] ?? null]))),
      null,
      2,
    ),
  });

function listExport(name: string, title: string, choose: ColumnChoice, write: Writer): ReportDefinition {
  return {
    name,
    title,
    model: /.*/,
    records: 'multiple',
    type: 'export',
    async render(input) {
      const target = requireTarget(input);
      const columns = choose(target, input);
      return write(target.model.fullName, columns, await reportRecords(input));
    },
  };
}

/** The table's records as files (reference §6): visible columns or every column; CSV, XLSX, JSON. */
export const listExportReports: ReportDefinition[] = [
  listExport('ListCsv', 'Export records as CSV file', visible, csv),
  listExport('ListAllCsv', 'Export full records as CSV file', every, csv),
  listExport('ListXlsx', 'Export records as XLSX file', visible, xlsx),
  listExport('ListAllXlsx', 'Export full records as XLSX file', every, xlsx),
  listExport('ListJson', 'Export full records as JSON file', every, json),
];
