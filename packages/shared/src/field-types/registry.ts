import type { ColumnType } from '../templates/column-types';
import { booleanType } from './boolean';
import { dateOnlyType, dateTimeType, timeType } from './dates';
import type { FieldTypeEntry, FormValidatorKind } from './field-type';
import { doubleType, integerType } from './numbers';
import { manyToManyType, oneToManyType } from './relations';
import { longTextType, pseudoType, stringMultipleType, stringType } from './text';

/**
 * One entry per column type. A ColumnType without an entry is a compile error; the filter language,
 * the record pipeline, the schema sync, the form seed and editor and the web fields read only this.
 */
export const FIELD_TYPES = {
  integer: integerType,
  double: doubleType,
  boolean: booleanType,
  string: stringType,
  dateTime: dateTimeType,
  date: dateOnlyType,
  time: timeType,
  text: longTextType,
  pseudo: pseudoType,
  string_multiple: stringMultipleType,
  many_to_many: manyToManyType,
  one_to_many: oneToManyType,
} as const satisfies Record<ColumnType, FieldTypeEntry>;

// Types registered at run time: only tests do (a fake type proves the layers need no edit).
const registered = new Map<string, FieldTypeEntry>();

/** The entry of a column type, or undefined for a name that is no column type. */
export function fieldTypeOf(type: string): FieldTypeEntry | undefined {
  if (Object.hasOwn(FIELD_TYPES, type)) return FIELD_TYPES[type as ColumnType];
  return registered.get(type);
}

/**
 * Registers an extra column type for a test and returns the function that removes it again.
 * Templates still validate their column types against COLUMN_TYPES: a real new type is a new
 * COLUMN_TYPES name plus its entry here.
 */
export function registerFieldTypeForTest(type: string, entry: FieldTypeEntry): () => void {
  if (fieldTypeOf(type)) throw new Error(`Column type ${type} exists already.`);
  registered.set(type, entry);
  return () => {
    registered.delete(type);
  };
}

/** Whether a form field of the column type may carry the validator (number or string, with bounds). */
export function acceptsFormValidator(type: string, kind: FormValidatorKind): boolean {
  return fieldTypeOf(type)?.formValidators.includes(kind) ?? false;
}

/** Whether values of the type are numbers (the form seed adds a number validator). */
export function isNumericColumnType(type: string): boolean {
  return fieldTypeOf(type)?.filterKind === 'number';
}
