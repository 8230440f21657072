import { csvLines } from '../../infra/http/csv';
import { cellText } from './report-columns';

/** Lines of fields with a BOM, so that spreadsheets read UTF-8; multi-values joined by '; '. */
export function toCsv(lines: readonly (readonly unknown[])[]): string {
  return `\uFEFF${csvLines(lines, cellText)}`;
}
