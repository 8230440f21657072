import type { ColumnType } from '../templates';
import { INVALID_DATE, isIsoDate, isTimeOfDay, parseStoredDateTime } from './date-values';
import { isNumeric, valueText } from './field-values';
import { RECORD_MESSAGES } from './record-messages';

/**
 * The per-type rules of record validation, kept together so they can move into the field-type
 * registry as each type's `validate`: what kind of value a column type or input type holds, and
 * the format check of that kind.
 */
export type ValueKind = 'number' | 'string' | 'date' | 'time' | 'datetime' | 'other';

export const VALUE_KIND_OF_COLUMN = {
  integer: 'number',
  double: 'number',
  boolean: 'other',
  string: 'string',
  text: 'string',
  string_multiple: 'string',
  dateTime: 'datetime',
  date: 'date',
  time: 'time',
  pseudo: 'other',
  many_to_many: 'other',
  one_to_many: 'other',
} as const satisfies Record<ColumnType, ValueKind>;

// Input types whose value has a format of its own; the others take the column's.
const VALUE_KIND_OF_INPUT: Readonly<Record<string, ValueKind>> = {
  number: 'number',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
};

export function valueKindOfInput(inputType: string): ValueKind {
  return Object.hasOwn(VALUE_KIND_OF_INPUT, inputType) ? (VALUE_KIND_OF_INPUT[inputType] ?? 'other') : 'other';
}

/** The format check of a kind: the message when a non-empty value does not have its form. */
export const FORMAT_CHECKS: Readonly<Record<ValueKind, (value: unknown, label: string) => string | undefined>> = {
  number: (value, label) => (isNumeric(value) ? undefined : RECORD_MESSAGES.number(label)),
  date: (value) => (isIsoDate(valueText(value)) ? undefined : INVALID_DATE),
  time: (value) => (isTimeOfDay(valueText(value)) ? undefined : INVALID_DATE),
  datetime: (value) => (parseStoredDateTime(valueText(value)) ? undefined : INVALID_DATE),
  string: () => undefined,
  other: () => undefined,
};
