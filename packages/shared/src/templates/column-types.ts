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

/** Input types allowed per column type (spec 3 §5); the first is the default of a form seed. */
export const ALLOWED_INPUT_TYPES = {
  integer: ['text', 'select', 'switch'],
  double: ['text', 'select'],
  boolean: ['switch'],
  string: ['text', 'select', 'textarea'],
  text: ['textarea'],
  string_multiple: ['select'],
  dateTime: ['datetime'],
  date: ['date'],
  time: ['time'],
  pseudo: ['text', 'textarea', 'select'],
  many_to_many: ['select'],
  one_to_many: ['select'],
} as const satisfies Record<ColumnType, readonly InputType[]>;

export function isColumnType(value: unknown): value is ColumnType {
  return typeof value === 'string' && (COLUMN_TYPES as readonly string[]).includes(value);
}

/** Whether the column is stored in the model's own table (pseudo and relation columns are not). */
export function isStoredColumnType(type: ColumnType): boolean {
  return type !== 'pseudo' && type !== 'many_to_many' && type !== 'one_to_many';
}

/** The input types a form field may use for a column type; throws for an unknown type (spec 3 §5). */
export function allowedInputTypes(type: string): readonly InputType[] {
  if (!isColumnType(type)) throw new Error(`Unknown column type: ${type}`);
  return ALLOWED_INPUT_TYPES[type];
}
