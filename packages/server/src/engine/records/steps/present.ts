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

/** One stored row in the API's shape: string_multiple as arrays, numbers as numbers, no hidden keys. */
export function presentRow(model: RecordModel, row: Row): Row {
  const record: Row = {};
  const ancestorIds = new Set(model.ancestors.map((a) => a.idColumn));
  for (const [key, value] of Object.entries(row)) {
    if (key === ACCESS_KEY) continue;
    const column = model.column(key);
    if (column?.type === 'string_multiple') {
      record[key] = typeof value === 'string' && value !== '' ? value.split(';') : [];
    } else if (column?.kind === 'number' || column?.kind === 'boolean' || ancestorIds.has(key) || key === 'id') {
      record[key] = toNumber(value);
    } else {
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
