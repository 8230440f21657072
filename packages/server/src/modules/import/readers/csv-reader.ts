import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { CsvRows } from './csv-rows';
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

/** Bytes the encoding check reads at a time, into one buffer it reuses. */
const CHECK_BYTES = 1024 * 1024;

/**
 * How many bytes at the start of `bytes` end on a whole UTF-8 character: a lead byte among the last
 * three whose sequence runs past the end starts the tail, which is checked with the next read.
 */
export function wholeCharacters(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i -= 1) {
    const byte = bytes[i] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead is further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return bytes.length - i < length ? i : bytes.length;
  }
  return bytes.length;
}

/**
 * UTF-8 (with or without BOM), else Latin-1: the whole file is checked once, since a single accented
 * byte far down a Latin-1 file is what gives it away. The bytes are checked where they lie, read
 * into one buffer: decoding them (a 1 MB text per chunk, held outside V8's heap until a collection)
 * left ~100 MB behind for a 1M-row file at the import's start, its peak memory (docs/decisions.md).
 */
export async function encodingOf(path: string): Promise<'utf8' | 'latin1'> {
  const file = await open(path);
  try {
    const buffer = Buffer.alloc(CHECK_BYTES);
    let carried = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, carried, CHECK_BYTES - carried, null);
      const end = carried + bytesRead;
      if (bytesRead === 0) return end === 0 || isUtf8(buffer.subarray(0, end)) ? 'utf8' : 'latin1';
      const whole = wholeCharacters(buffer.subarray(0, end));
      if (!isUtf8(buffer.subarray(0, whole))) return 'latin1';
      buffer.copy(buffer, 0, whole, end);
      carried = end - whole;
    }
  } finally {
    await file.close();
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
const unprotect = (cell: string): string =>
  cell.charCodeAt(0) === 0x27 && /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;

/** Characters read at a time (the stream's chunks). */
const CHUNK_BYTES = 256 * 1024;

/** A CSV file as batches of rows (the header first), streamed a chunk at a time through CsvRows. */
export async function* readCsv(path: string): AsyncIterable<Cell[][]> {
  const encoding = await encodingOf(path);
  const delimiter = sniffDelimiter(await head(path, encoding));
  const rows = new CsvRows(delimiter);
  const stream = createReadStream(path, { encoding, highWaterMark: CHUNK_BYTES });
  let parsed: string[][] = [];
  let batch: Cell[][] = [];
  /** The rows parsed so far, moved into batches of READ_BATCH. */
  function* batches(final: boolean): Generator<Cell[][]> {
    for (const row of parsed) {
      for (let i = 0; i < row.length; i += 1) row[i] = unprotect(row[i] ?? '');
      batch.push(row);
      if (batch.length >= READ_BATCH) {
        yield batch;
        batch = [];
      }
    }
    parsed = [];
    if (final && batch.length > 0) yield batch;
  }
  try {
    let first = true;
    for await (const chunk of stream as AsyncIterable<string>) {
      rows.push(first ? chunk.replace(/^\uFEFF/, '') : chunk, parsed);
      first = false;
      yield* batches(false);
    }
    rows.end(parsed);
  } catch (error) {
    // CsvParseError's text, or the file system's
    throw unreadable(error instanceof Error ? error.message : String(error));
  } finally {
    stream.destroy();
  }
  yield* batches(true);
}
