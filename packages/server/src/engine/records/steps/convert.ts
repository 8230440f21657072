import { unwrapId } from '@mdis/shared';
import type { RecordColumn } from '../record-model';
import { type Row, textOf } from '../dynamic-db';
import type { WritableColumn } from '../record-target';

/** The body's values of the writable columns, ids unwrapped; keys absent from the body stay absent. */
export function readInput(body: Row, writable: readonly WritableColumn[]): Row {
  const input: Row = {};
  for (const { column } of writable) {
    if (Object.hasOwn(body, column.name)) input[column.name] = unwrapId(column.name, body[column.name]);
  }
  return input;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y']);

function toBoolean(value: unknown): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return TRUE_WORDS.has(String(value).toLowerCase()) ? 1 : 0;
}

/** One value in its storage form (validation has accepted it already). */
export function toStorage(column: RecordColumn, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (column.type) {
    case 'integer':
    case 'double':
      return value === '' ? null : Number(value);
    case 'boolean':
      return value === '' ? null : toBoolean(value);
    case 'string_multiple':
      // Stored as one string joined by ';' (reference §2.3), returned as an array.
      return Array.isArray(value) ? value.map(textOf).join(';') : textOf(value);
    case 'date':
    case 'dateTime':
    case 'time':
      return value === '' ? null : textOf(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** Step 3: the validated input in storage form. */
export function convertInput(input: Row, writable: readonly WritableColumn[]): Row {
  const values: Row = {};
  for (const { column } of writable) {
    if (Object.hasOwn(input, column.name)) values[column.name] = toStorage(column, input[column.name]);
  }
  return values;
}
