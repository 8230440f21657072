import { FIELD_TYPES, fieldTypeOf } from '@mdis/shared';
import type { Row } from '../dynamic-db';
import { KEYSET_PREFIX } from '../record-keyset';
import type { RecordModel } from '../record-model';
import { ACCESS_KEY } from './authorize';
import { memoByObject } from '../../../infra/memo-by-object';

/** Computes the pseudo columns that are not parent paths, for a whole page at once. */
export type PseudoComputer = (model: RecordModel, rows: Row[]) => Promise<void> | void;

/** How a stored value of a key becomes the API's value; null leaves the key out. */
type Conversion = ((value: unknown) => unknown) | null;

// Keys and ancestor ids are integers whatever the template says of them.
const idNumber = FIELD_TYPES.integer.codec.fromDb;
const asIs = (value: unknown) => value;

// Per model (built once per template revision, frozen): a page of 20 rows looks every key up once.
const conversionsOf = memoByObject((_model: RecordModel) => new Map<string, Conversion>());

function conversionOf(model: RecordModel, key: string): Conversion {
  const column = model.column(key);
  const ancestorId = model.ancestors.some((a) => a.idColumn === key);
  if (key === ACCESS_KEY || key.startsWith(KEYSET_PREFIX)) return null;
  if (ancestorId || key === 'id') return idNumber;
  if (column) return fieldTypeOf(column.type)?.codec.fromDb ?? asIs;
  return asIs;
}

// The key's conversion, looked up once per key of a model.
function cachedConversion(model: RecordModel, conversions: Map<string, Conversion>, key: string): Conversion {
  let conversion = conversions.get(key);
  if (conversion === undefined) {
    conversion = conversionOf(model, key);
    conversions.set(key, conversion);
  }
  return conversion;
}

function present(model: RecordModel, conversions: Map<string, Conversion>, row: Row): Row {
  const record: Row = {};
  for (const key in row) {
    const conversion = cachedConversion(model, conversions, key);
    if (conversion) record[key] = conversion(row[key]);
  }
  return record;
}

/** One stored row in the API's shape: string_multiple as arrays, numbers as numbers, no hidden keys. */
export function presentRow(model: RecordModel, row: Row): Row {
  return present(model, conversionsOf(model), row);
}

// Whether rows shaped like `row` (the rows of one query share their keys) have no key to leave out.
function keepsEveryKey(model: RecordModel, conversions: Map<string, Conversion>, row: Row): boolean {
  for (const key in row) if (!cachedConversion(model, conversions, key)) return false;
  return true;
}

/**
 * Step 8: rows → API records, pseudo columns computed page-wise (never one query per row).
 * `owned`: the rows are fresh from a query and nothing else reads them, so they become the records
 * themselves (values converted in place) instead of copies: an export presents a million rows.
 */
export async function presentRows(
  model: RecordModel,
  rows: Row[],
  computePseudo?: PseudoComputer,
  owned = false,
): Promise<Row[]> {
  const conversions = conversionsOf(model);
  let records = rows;
  if (owned && rows.length > 0 && keepsEveryKey(model, conversions, rows[0])) {
    for (const row of rows) {
      for (const key in row) {
        const conversion = cachedConversion(model, conversions, key);
        if (conversion) row[key] = conversion(row[key]);
        else Reflect.deleteProperty(row, key); // not expected: rows of one query share their keys
      }
    }
  } else records = rows.map((row) => present(model, conversions, row));
  if (computePseudo) await computePseudo(model, records);
  return records;
}
