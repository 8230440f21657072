import type { ColumnKind } from '../filters/filter-ast';
import type { InputType } from '../templates/column-types';

/** The SQL dialects the schema sync writes for. */
export type SqlDialect = 'sqlite' | 'postgres';

/** The form validators that depend on the column type (required fits every type). */
export type FormValidatorKind = 'number' | 'string';

/** What a field type may read of its column template (a size for varchar, nothing else today). */
export interface FieldTypeColumn {
  size?: number | null | undefined;
}

/**
 * A problem the column type itself finds with a non-empty value. The message (with the field's label)
 * is the record validator's; form validators (string max, number bounds) are checked there too.
 */
export type FieldTypeProblem = { rule: 'number' } | { rule: 'stringMax'; max: number };

/** How a value crosses the layers. Both sides are never called with null or undefined. */
export interface FieldTypeCodec {
  /** A validated input value in its storage form ('' is no value for most types: null). */
  toDb: (value: unknown) => unknown;
  /** A stored value in the records API's shape. */
  fromDb: (value: unknown) => unknown;
}

/**
 * Everything the layers need to know of one column type (issue 19): the record pipeline (codec,
 * validate), the filter language (filterKind), the form editor and seed (inputTypes), the schema sync
 * (stored, sqlType) and the generated model modules (apiType). Pure data and pure functions.
 */
export interface FieldTypeEntry {
  /** Whether the column is a column of the model's own table (pseudo and relation columns are not). */
  stored: boolean;
  /** The SQL type the schema sync creates, from fixed strings only (never from input). */
  sqlType: (column: FieldTypeColumn, dialect: SqlDialect) => string;
  /** The filter kind, or undefined when the column cannot be filtered (relations). */
  filterKind: ColumnKind | undefined;
  /** The input types a form field may use; the first is the form seed's default (spec 3 §5). */
  inputTypes: readonly [InputType, ...InputType[]];
  /** The form validators with bounds a field of the type may carry (spec 3 §5). */
  formValidators: readonly FormValidatorKind[];
  codec: FieldTypeCodec;
  /** The type's own check of a non-empty value. */
  validate: (value: unknown, column: FieldTypeColumn) => FieldTypeProblem | undefined;
  /** The most characters (UTF-16 code units) a stored value has, when validate bounds it. */
  maxLength?: (column: FieldTypeColumn) => number | undefined;
  /** The value's TypeScript type and zod schema in a generated model module. */
  apiType: (column: FieldTypeColumn) => { ts: string; zod: string };
}

/** A value as text: strings as they are, numbers and booleans printed, anything else as JSON. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return value.toString();
  return JSON.stringify(value);
}

/** Storage form of the types that keep text as it is and anything else as JSON (pseudo, relations). */
export function asText(value: unknown): unknown {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export const identity = (value: unknown): unknown => value;

/** Stored text of a number column (PostgreSQL bigint, SQLite text) read back as a number. */
export function toNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

export const TEXT_SQL = (): string => 'text';
