import { fieldTypeOf } from '../field-types/registry';

/** Every column type a model template may use (spec 3 §3). */
export const COLUMN_TYPES = [
  'integer',
  'double',
  'boolean',
  'string',
  'dateTime',
  'date',
  'time',
  'text',
  'pseudo',
  'string_multiple',
  'many_to_many',
  'one_to_many',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Relation columns: no column of their own in the model's table (m:n) or an FK elsewhere (1n). */
export const RELATION_COLUMN_TYPES = ['many_to_many', 'one_to_many'] as const satisfies readonly ColumnType[];

export const INPUT_TYPES = ['text', 'textarea', 'select', 'switch', 'date', 'datetime', 'time'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export function isColumnType(value: unknown): value is ColumnType {
  return typeof value === 'string' && (COLUMN_TYPES as readonly string[]).includes(value);
}

/** Whether the column is stored in the model's own table (pseudo and relation columns are not). */
export function isStoredColumnType(type: ColumnType): boolean {
  return fieldTypeOf(type)?.stored ?? false;
}

/** The input types a form field may use for a column type; throws for an unknown type (spec 3 §5). */
export function allowedInputTypes(type: string): readonly [InputType, ...InputType[]] {
  const entry = fieldTypeOf(type);
  if (!entry) throw new Error(`Unknown column type: ${type}`);
  return entry.inputTypes;
}

/** Column types a trigram text index can serve: text stored in the model's own table. */
const TEXT_INDEX_TYPES: readonly ColumnType[] = ['string', 'text', 'string_multiple'];

/** Whether a column of this type can have a text index (the template manager offers the setting). */
export function canHaveTextIndex(type: ColumnType): boolean {
  return TEXT_INDEX_TYPES.includes(type);
}

/**
 * Whether a column gets a trigram text index (pg_trgm GIN on PostgreSQL, an FTS5 trigram table on
 * SQLite) for regex and text filters. The template's `textIndex` decides; unset, every `string`
 * column (short text: names, codes, ids, list codes) has one and long text does not. The one place
 * of that default: schema sync and the filter compiler both ask here.
 */
export function hasTextIndex(column: { type: ColumnType; textIndex?: boolean | null | undefined }): boolean {
  if (!canHaveTextIndex(column.type)) return false;
  return column.textIndex ?? column.type === 'string';
}
