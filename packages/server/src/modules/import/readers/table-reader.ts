import { open } from 'node:fs/promises';
import { AppError } from '@mdis/shared';
import { readCsv } from './csv-reader';
import { readJson } from './json-reader';
import { readXlsx } from './xlsx-reader';

/** A cell as a reader gives it: text, a number, a boolean, a date (XLSX) or empty. */
export type Cell = string | number | boolean | Date | null;

/** How many rows a reader hands on at once: memory holds a batch, never the file. */
export const READ_BATCH = 1000;

/**
 * A table read from a file, streamed: `rows` yields batches, the first row of the first batch
 * being the header. `sheets` and `sheet` are complete once `rows` is done (an XLSX names its
 * sheets anywhere in the zip).
 */
export interface TableStream {
  rows: AsyncIterable<Cell[][]>;
  sheets(): string[];
  sheet(): string | null;
}

export const unreadable = (reason: string) => new AppError('BAD_REQUEST', `The file cannot be read: ${reason}`);

export type FileKind = 'csv' | 'xlsx' | 'json';

/** The kind of a file by its name, else by its first bytes (a zip is an XLSX, `[` or `{` JSON). */
export function kindOf(name: string, head: Buffer): FileKind {
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'xlsx' || extension === 'csv' || extension === 'json') return extension;
  if (head.subarray(0, 2).toString('latin1') === 'PK') return 'xlsx';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('[') ? 'json' : 'csv';
}

/** The kind of a file on disk (`name`: what its sender called it), by that name or its first 512 bytes. */
export async function kindOfFile(path: string, name: string): Promise<FileKind> {
  const file = await open(path);
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await file.read(head, 0, 512, 0);
    return kindOf(name, head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** Opens an uploaded file (spooled to disk) as a stream of row batches. */
export function readTable(path: string, kind: FileKind, sheet: string | undefined): TableStream {
  if (kind === 'xlsx') return readXlsx(path, sheet);
  const none = { sheets: () => [], sheet: () => null };
  return { ...none, rows: kind === 'json' ? readJson(path) : readCsv(path) };
}

/** How many data rows a file holds (a first pass, for a progress bar's total). */
export async function countRows(path: string, kind: FileKind, sheet: string | undefined): Promise<number> {
  let rows = 0;
  for await (const batch of readTable(path, kind, sheet).rows) rows += batch.length;
  return Math.max(0, rows - 1);
}
