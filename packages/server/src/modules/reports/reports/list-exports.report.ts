import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Row } from '../../../engine/records/dynamic-db';
import { csvField, csvLines } from '../../../infra/http/csv';
import { allColumns, cellText, type ReportColumn, visibleColumns } from '../report-columns';
import type { ReportDefinition, ReportInput, ReportOutput, ReportTarget } from '../report-definition';
import { type RecordBatches, reportRecordBatches, requireTarget } from '../report-records';

type ColumnChoice = (target: ReportTarget, input: ReportInput) => ReportColumn[];
/** A file written batch by batch as the client reads it: memory holds one batch, not the list. */
type Writer = (name: string, columns: ReportColumn[], records: RecordBatches) => ReportOutput;

const visible: ColumnChoice = (target, input) => visibleColumns(target, input.query.columns);
const every: ColumnChoice = (target) => allColumns(target);

/** `{model}-{yyyy-mm-dd}.{ext}`: the model and the day, safe in a header. */
function fileName(name: string, extension: string): string {
  return `${name.replace(/[^\w-]/g, '_')}-${new Date().toISOString().slice(0, 10)}.${extension}`;
}

/** A batch of rows as CSV lines, cell by cell into one string (no array per row or per batch). */
function csvBatch(columns: readonly ReportColumn[], rows: readonly Row[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i += 1) {
      if (i > 0) text += ',';
      text += csvField(row[columns[i].name], cellText);
    }
    text += '\r\n';
  }
  return text;
}

/** UTF-8 with a BOM, so that spreadsheets read it; multi-values joined by '; ' (report-csv.ts). */
const csv: Writer = (name, columns, { total, batches }) => ({
  contentType: 'text/csv; charset=utf-8',
  fileName: fileName(name, 'csv'),
  total,
  body: Readable.from(
    (async function* () {
      yield `\uFEFF${csvLines([columns.map((c) => c.name)], cellText)}`;
      for await (const rows of batches) yield csvBatch(columns, rows);
    })(),
  ),
});

/** A cell keeps numbers as numbers; everything else is its text. */
function xlsxValue(value: unknown): string | number | null {
  if (typeof value === 'number') return value;
  const text = cellText(value);
  return text === '' ? null : text;
}

/** exceljs's streaming writer: each row is zipped as it is committed (no shared strings table). */
const xlsx: Writer = (name, columns, { total, batches }) => {
  const body = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ key: c.name, width: Math.min(40, Math.max(10, c.name.length + 2)) }));
  const write = async () => {
    const header = sheet.addRow(columns.map((c) => c.name));
    header.font = { bold: true };
    header.commit();
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(columns.map((c) => xlsxValue(row[c.name]))).commit();
      // Let the zip drain to the client before the next batch is read.
      if (body.writableNeedDrain) await new Promise((resolve) => body.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: fileName(name, 'xlsx'),
    total,
    body,
  };
};

/** One record as JSON.stringify(list, null, 2) writes it inside the array (indented by two). */
function jsonItem(columns: ReportColumn[], row: Row): string {
  const record = Object.fromEntries(columns.map((c) => [c.name, row[c.name] ?? null]));
  return `  ${JSON.stringify(record, null, 2).replace(/\n/g, '\n  ')}`;
}

/** The same text as JSON.stringify(records, null, 2), written a batch at a time. */
const json: Writer = (name, columns, { total, batches }) => ({
  contentType: 'application/json; charset=utf-8',
  fileName: fileName(name, 'json'),
  total,
  body: Readable.from(
    (async function* () {
      let first = true;
      for await (const rows of batches) {
        if (rows.length === 0) continue;
        yield `${first ? '[\n' : ',\n'}${rows.map((row) => jsonItem(columns, row)).join(',\n')}`;
        first = false;
      }
      yield first ? '[]' : '\n]';
    })(),
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
      return write(target.model.fullName, columns, await reportRecordBatches(input));
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
