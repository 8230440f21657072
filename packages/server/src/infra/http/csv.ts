/** How a cell's value becomes text; multi-values are joined by the caller's separator. */
export type CellText = (value: unknown) => string;

const plainText: CellText = (value) => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).join(';');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
};

// Characters a spreadsheet reads as the start of a formula: = + - @ tab CR.
const FORMULA_START: ReadonlySet<number> = new Set(['=', '+', '-', '@', '\t', '\r'].map((c) => c.charCodeAt(0)));
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a separator, quote or line break. Text that a
 * spreadsheet would run as a formula (=, +, -, @ at the start) gets a leading apostrophe; numbers
 * are written as they are, so negative depths stay numbers.
 */
export function csvField(value: unknown, text: CellText = plainText): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let cell = text(value);
  if (cell === '') return cell; // most cells of a wide export are empty
  if (FORMULA_START.has(cell.charCodeAt(0))) cell = `'${cell}`;
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Lines of fields, each CRLF-terminated (RFC 4180). */
export function csvLines(lines: readonly (readonly unknown[])[], text?: CellText): string {
  return lines.map((line) => `${line.map((value) => csvField(value, text)).join(',')}\r\n`).join('');
}
