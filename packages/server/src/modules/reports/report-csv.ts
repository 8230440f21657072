import { cellText } from './report-columns';

/**
 * One CSV field (RFC 4180): quoted when it holds a separator, quote or line break. Text that a
 * spreadsheet would run as a formula gets a leading apostrophe; numbers stay numbers.
 */
function csvField(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = cellText(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of fields, CRLF-terminated, with a BOM so that spreadsheets read UTF-8. */
export function toCsv(lines: readonly (readonly unknown[])[]): string {
  return `\uFEFF${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}
