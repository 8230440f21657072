import { FIELD_TYPES, fieldTypeOf } from '@mdis/shared';
import type { Row } from '../dynamic-db';
import { KEYSET_PREFIX } from '../record-keyset';
import type { RecordModel } from '../record-model';
import { ACCESS_KEY } from './authorize';

/** Computes the pseudo columns that are not parent paths, for a whole page at once. */
export type PseudoComputer = (model: RecordModel, rows: Row[]) => Promise<void> | void;

/** How a stored value of a key becomes the API's value; undefined leaves the key out. */
type Conversion = ((value: unknown) => unknown) | undefined;

// Keys and ancestor ids are integers whatever the template says of them.
const idNumber = FIELD_TYPES.integer.codec.fromDb;
const asIs = (value: unknown) => value;

// Per model (built once per template revision, frozen): a page of 20 rows looks every key up once.
const conversionsOfModel = new WeakMap<RecordModel, Map<string, Conversion>>();

function conversionOf(model: RecordModel, key: string): Conversion {
  let conversions = conversionsOfModel.get(model);
  if (!conversions) {
    conversions = new Map();
    conversionsOfModel.set(model, conversions);
  }
  if (conversions.has(key)) return conversions.get(key);
  const column = model.column(key);
  const ancestorId = model.ancestors.some((a) => a.idColumn === key);
  let conversion: Conversion;
  if (key === ACCESS_KEY || key.startsWith(KEYSET_PREFIX)) conversion = undefined;
  else if (ancestorId || key === 'id') conversion = idNumber;
  else if (column) conversion = fieldTypeOf(column.type)?.codec.fromDb ?? asIs;
  else conversion = asIs;
  conversions.set(key, conversion);
  return conversion;
}

/** One stored row in the API's shape: string_multiple as arrays, numbers as numbers, no hidden keys. */
export function presentRow(model: RecordModel, row: Row): Row {
  const record: Row = {};
  for (const key in row) {
    const conversion = conversionOf(model, key);
    if (conversion) record[key] = conversion(row[key]);
  }
  return record;
}

/** Step 8: rows → API records, pseudo columns computed page-wise (never one query per row). */
export async function presentRows(model: RecordModel, rows: Row[], computePseudo?: PseudoComputer): Promise<Row[]> {
  const records = rows.map((row) => presentRow(model, row));
  if (computePseudo) await computePseudo(model, records);
  return records;
}
