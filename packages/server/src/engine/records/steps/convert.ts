import { fieldTypeOf, unwrapId } from '@mdis/shared';
import type { Row } from '../dynamic-db';
import type { RecordColumn } from '../record-model';
import type { WritableColumn } from '../record-target';

/** The body's values of the writable columns, ids unwrapped; keys absent from the body stay absent. */
export function readInput(body: Row, writable: readonly WritableColumn[]): Row {
  const input: Row = {};
  for (const { column } of writable) {
    if (Object.hasOwn(body, column.name)) input[column.name] = unwrapId(column.name, body[column.name]);
  }
  return input;
}

/** One value in its storage form (validation has accepted it already), by its column type's codec. */
export function toStorage(column: RecordColumn, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const entry = fieldTypeOf(column.type);
  if (!entry) throw new Error(`Unknown column type: ${column.type}`);
  return entry.codec.toDb(value);
}

/** Step 3: the validated input in storage form. */
export function convertInput(input: Row, writable: readonly WritableColumn[]): Row {
  const values: Row = {};
  for (const { column } of writable) {
    if (Object.hasOwn(input, column.name)) values[column.name] = toStorage(column, input[column.name]);
  }
  return values;
}
