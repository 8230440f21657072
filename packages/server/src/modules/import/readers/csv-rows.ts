// CSV text to rows, a chunk at a time (RFC 4180: fields in double quotes may hold the delimiter, line
// breaks and doubled quotes). It reads as @fast-csv/parse did with the options the import used
// (no trimming, rows as arrays of any length, rows of blank cells skipped, spaces before an opening
// quote dropped) at a fraction of its cost: that parser handed on each row as a stream event and
// took ~18 s of CPU for 1M sample rows, an eighth of a whole import (docs/decisions.md).

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/** A row longer than this is taken for a quote that is never closed, not kept in memory until the end. */
export const MAX_ROW_CHARS = 8 * 1024 * 1024;

/** Thrown for text that is not CSV; the reader prefixes it with "The file cannot be read". */
export class CsvParseError extends Error {}

const isBlank = (cell: string) => cell.length === 0 || /^\s*$/.test(cell);

/** The first position from `at` that is not a space or a tab. */
function skipSpaces(text: string, at: number): number {
  let next = at;
  while (next < text.length && (text.charCodeAt(next) === SPACE || text.charCodeAt(next) === TAB)) next += 1;
  return next;
}

/**
 * Push chunks of text, then end: complete rows are appended to the array given. A row cut by the
 * chunk's end waits for the next chunk (only that row's text is kept).
 */
export class CsvRows {
  private readonly delimiter: number;
  /** The text of the row in progress when the last chunk ended. */
  private rest = '';
  /** Rows read so far, blank ones too: the next row's number is this + 1 (the header is row 1). */
  private read = 0;

  constructor(delimiter: string) {
    if (delimiter.length !== 1) throw new Error(`a CSV delimiter is one character, not '${delimiter}'`);
    this.delimiter = delimiter.charCodeAt(0);
  }

  push(chunk: string, into: string[][]): void {
    this.parse(this.rest.length > 0 ? this.rest + chunk : chunk, false, into);
  }

  end(into: string[][]): void {
    this.parse(this.rest, true, into);
  }

  private parse(text: string, final: boolean, into: string[][]): void {
    let at = 0;
    while (at < text.length) {
      const next = this.row(text, at, final);
      if (next === null) {
        if (text.length - at > MAX_ROW_CHARS)
          throw new CsvParseError(
            `Parse Error: row ${String(this.read + 1)} is longer than ${String(MAX_ROW_CHARS)} characters (a quote not closed?)`,
          );
        this.rest = text.slice(at);
        return;
      }
      this.read += 1;
      if (!next.cells.every(isBlank)) into.push(next.cells);
      at = next.end;
    }
    this.rest = '';
  }

  /** The row starting at `start`, and where the next one starts; null when the text ends before it does. */
  private row(text: string, start: number, final: boolean): { cells: string[]; end: number } | null {
    const { delimiter } = this;
    const length = text.length;
    const cells: string[] = [];
    let at = start;
    for (;;) {
      // Spaces before an opening quote are dropped; anywhere else they are the field's.
      const first = skipSpaces(text, at);
      let after: number;
      if (first < length && text.charCodeAt(first) === QUOTE) {
        let value = '';
        let from = first + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0 || (quote + 1 >= length && !final)) {
            if (!final) return null;
            throw new CsvParseError(`Parse Error: missing closing '"' in row ${String(this.read + 1)}`);
          }
          if (text.charCodeAt(quote + 1) === QUOTE) {
            value += text.slice(from, quote + 1);
            from = quote + 2;
            continue;
          }
          value += text.slice(from, quote);
          after = skipSpaces(text, quote + 1);
          break;
        }
        cells.push(value);
        if (after < length) {
          const code = text.charCodeAt(after);
          if (code !== delimiter && code !== CR && code !== LF)
            throw new CsvParseError(
              `Parse Error: expected '${String.fromCharCode(delimiter)}' or a new line after a closing quote, got '${text[after] ?? ''}' in row ${String(this.read + 1)}`,
            );
        }
      } else {
        after = at;
        while (after < length) {
          const code = text.charCodeAt(after);
          if (code === delimiter || code === LF || code === CR) break;
          after += 1;
        }
        if (after >= length && !final) return null;
        cells.push(text.slice(at, after));
      }
      if (after >= length) return final ? { cells, end: length } : null;
      const code = text.charCodeAt(after);
      if (code === delimiter) {
        at = after + 1;
        continue;
      }
      if (code === LF) return { cells, end: after + 1 };
      // CR: a CRLF pair is one line break; a CR at a chunk's end waits to see what follows
      if (after + 1 >= length) return final ? { cells, end: length } : null;
      return { cells, end: text.charCodeAt(after + 1) === LF ? after + 2 : after + 1 };
    }
  }
}
