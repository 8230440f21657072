import type { Row } from '../dynamic-db';
import type { RecordModel } from '../record-model';
import { ACCESS_KEY } from './authorize';

/** Computes the pseudo columns that are not parent paths, for a whole page at once. */
export type PseudoComputer = (model: RecordModel, rows: Row[]) => Promise<void> | void;

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

/** How a stored value of a key becomes the API's value. */
type Conversion = 'skip' | 'list' | 'number' | 'as-is';

// Per model (built once per template revision, frozen): a page of 20 rows looks every key up once.
const conversionsOfModel = new WeakMap<RecordModel, Map<string, Conversion>>();

function conversionOf(model: RecordModel, key: string): Conversion {
  let conversions = conversionsOfModel.get(model);
  if (!conversions) {
    conversions = new Map();
    conversionsOfModel.set(model, conversions);
  }
  let conversion = conversions.get(key);
  if (conversion === undefined) {
    const column = model.column(key);
    const ancestorId = model.ancestors.some((a) => a.idColumn === key);
    if (key === ACCESS_KEY) conversion = 'skip';
    else if (column?.type === 'string_multiple') conversion = 'list';
    else if (column?.kind === 'number' || column?.kind === 'boolean' || ancestorId || key === 'id')
      conversion = 'number';
    else conversion = 'as-is';
    conversions.set(key, conversion);
  }
  return conversion;
}

/** One stored row in the API's shape: string_multiple as arrays, numbers as numbers, no hidden keys. */
export function presentRow(model: RecordModel, row: Row): Row {
  const record: Row = {};
  for (const key in row) {
    const value = row[key];
    switch (conversionOf(model, key)) {
      case 'skip':
        break;
      case 'list':
        record[key] = typeof value === 'string' && value !== '' ? value.split(';') : [];
        break;
      case 'number':
        record[key] = toNumber(value);
        break;
      default:
        record[key] = value;
    }
  }
  return record;
}

/** Step 8: rows → API records, pseudo columns computed page-wise (never one query per row). */
export async function presentRows(model: RecordModel, rows: Row[], computePseudo?: PseudoComputer): Promise<Row[]> {
  const records = rows.map((row) => presentRow(model, row));
  if (computePseudo) await computePseudo(model, records);
  return records;
}
