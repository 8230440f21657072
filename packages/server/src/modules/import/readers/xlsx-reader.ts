import ExcelJS from 'exceljs';
import { AppError } from '@mdis/shared';
import { type Cell, READ_BATCH, type TableStream, unreadable } from './table-reader';

export const noSuchSheet = (sheet: string) => new AppError('BAD_REQUEST', `The file has no sheet '${sheet}'.`);

/** A cell's value as the import reads it: formulas by their result, rich text as its text. */
function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellOf(value.result);
    if ('text' in value) return value.text;
    if ('error' in value) return null;
  }
  return null;
}

/**
 * An XLSX sheet (the chosen one, else the first) through exceljs's streaming reader: rows are
 * parsed as the zip is read, never the whole workbook at once. Every sheet name is collected on
 * the way, for the answer's `sheets`.
 */
export function readXlsx(path: string, wanted: string | undefined): TableStream {
  const names: string[] = [];
  let chosen: string | null = null;
  async function* rows(): AsyncIterable<Cell[][]> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      entries: 'ignore',
    });
    try {
      for await (const sheet of workbook) {
        const name = (sheet as unknown as { name: string }).name;
        names.push(name);
        if (chosen !== null || (wanted !== undefined && wanted !== name)) continue;
        chosen = name;
        let batch: Cell[][] = [];
        for await (const row of sheet) {
          const values = row.values as ExcelJS.CellValue[];
          // exceljs numbers cells from 1; an empty row in the middle of the sheet is kept as one.
          batch.push(values.slice(1).map(cellOf));
          if (batch.length >= READ_BATCH) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable(error instanceof Error ? error.message : String(error));
    }
    if (wanted !== undefined && chosen === null) throw noSuchSheet(wanted);
  }
  return { rows: rows(), sheets: () => names, sheet: () => chosen };
}
