import type { ColumnType } from '@mdis/shared';

export type TargetValue = string | number | null;

/** Collects what a conversion changed beyond the type: zero dates, per table and column. */
export interface ConversionNotes {
  zeroDate(table: string, column: string, id: unknown): void;
}

const ZERO_DATE = /^0000-00-00/;

function text(value: unknown): string {
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return typeof value === 'string' ? value : String(value);
}

/**
 * One MySQL value as our column of `type` stores it (see infra/db/schema.ts): booleans 0/1
 * (MySQL tinyint(1)), numbers as numbers, dates as ISO text (`YYYY-MM-DD`, datetimes in the
 * stored form `YYYY-MM-DD HH:MM:SS`, UTC), zero dates as null, multi-valued strings as stored (`;`).
 */
export function convertValue(type: ColumnType | 'key', value: unknown, note?: () => void): TargetValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'boolean':
      return Number(value) ? 1 : 0;
    case 'integer':
    case 'double':
    case 'key': {
      const number = Number(value);
      return Number.isFinite(number) ? number : null;
    }
    case 'date':
    case 'dateTime': {
      const stored = text(value).trim();
      if (stored === '' || ZERO_DATE.test(stored)) {
        note?.();
        return null;
      }
      return type === 'date' ? stored.slice(0, 10) : stored.replace('T', ' ').slice(0, 19);
    }
    default:
      return text(value);
  }
}

/** A stored value as the verification compares it on both sides (numbers without formatting noise). */
export function canonical(type: ColumnType | 'key', value: unknown): string {
  if (value === null || value === undefined) return '\u0000';
  if (type === 'boolean') return Number(value) ? '1' : '0';
  if (type === 'integer' || type === 'double' || type === 'key') return String(Number(value));
  return text(value);
}

/**
 * A JSON column's text (user settings, widget settings): the original's may be plain text, kept as
 * a JSON string then; empty values become `empty`.
 */
export function jsonText(value: unknown, empty: string): string {
  if (value === null || value === undefined) return empty;
  const raw = text(value);
  try {
    JSON.parse(raw);
    return raw;
  } catch {
    return JSON.stringify(raw);
  }
}
