import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from '@fast-csv/parse';
import { type Cell, READ_BATCH, unreadable } from './table-reader';

const DELIMITERS = [',', ';', '\t', '|'];
const SNIFF_BYTES = 64 * 1024;

/** The delimiter of the header line: the candidate found most often outside quotes. */
export function sniffDelimiter(text: string): string {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts.entries()].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * UTF-8 (with or without BOM), else Latin-1: the whole file is decoded strictly once, a chunk at a
 * time, since a single accented byte far down a Latin-1 file is what gives it away.
 */
async function encodingOf(path: string): Promise<'utf8' | 'latin1'> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
      decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf8';
  } catch {
    return 'latin1';
  }
}

async function head(path: string, encoding: BufferEncoding): Promise<string> {
  const file = await open(path);
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer
      .subarray(0, bytesRead)
      .toString(encoding)
      .replace(/^\uFEFF/, '');
  } finally {
    await file.close();
  }
}

/** Text our CSV export protected against spreadsheet formulas (`'=x`) is read back as it was. */
const unprotect = (cell: string): Cell => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A CSV file as batches of rows (the header first), streamed through @fast-csv/parse. */
export async function* readCsv(path: string): AsyncIterable<Cell[][]> {
  const encoding = await encodingOf(path);
  const delimiter = sniffDelimiter(await head(path, encoding));
  const parser = createReadStream(path, { encoding }).pipe(
    parse({ delimiter, ignoreEmpty: true, trim: false, discardUnmappedColumns: false, strictColumnHandling: false }),
  );
  let batch: Cell[][] = [];
  let first = true;
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      const cells = row.map(unprotect);
      if (first && typeof cells[0] === 'string') cells[0] = cells[0].replace(/^\uFEFF/, '');
      first = false;
      batch.push(cells);
      if (batch.length >= READ_BATCH) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    throw unreadable(error instanceof Error ? error.message : String(error));
  }
  if (batch.length > 0) yield batch;
}
