import { createReadStream } from 'node:fs';
import { type Cell, READ_BATCH, unreadable } from './table-reader';

/**
 * The objects of a top-level JSON array, one at a time (our JSON export writes such an array):
 * the text of each object is cut out by counting braces outside strings and parsed alone, so the
 * file is never whole in memory.
 */
async function* objectsOf(path: string): AsyncIterable<Record<string, unknown>> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  let current = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    const text = chunk as string;
    // Where the current record's text starts in this chunk (0: it began in an earlier one).
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '[' && depth === 0) started = true;
      else if (char === '{') {
        if (depth === 0) from = i;
        depth += 1;
      } else if (char === '}') {
        depth -= 1;
        if (depth === 0) {
          yield JSON.parse(current + text.slice(from, i + 1)) as Record<string, unknown>;
          current = '';
        }
      }
    }
    if (depth > 0) current += text.slice(from);
    if (!started) throw unreadable('a JSON file must hold an array of records.');
  }
  if (depth !== 0 || inString) throw unreadable('the JSON ends in the middle of a record.');
}

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => String(v)).join(';');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** A JSON array of records as batches of rows: the first record's keys are the header. */
export async function* readJson(path: string): AsyncIterable<Cell[][]> {
  let headers: string[] | undefined;
  let batch: Cell[][] = [];
  try {
    for await (const record of objectsOf(path)) {
      if (!headers) {
        headers = Object.keys(record);
        batch.push(headers);
      }
      batch.push(headers.map((header) => cellOf(record[header])));
      if (batch.length >= READ_BATCH) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw unreadable(error.message);
    throw error;
  }
  if (batch.length > 0) yield batch;
}
