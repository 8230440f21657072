import { type FieldError, type FieldRule, compileFields, validationError } from '@mdis/shared';
import type { Row } from '../dynamic-db';
import type { RecordModel } from '../record-model';
import type { WritableColumn } from '../record-target';
import { memoByObject } from '../../../infra/memo-by-object';

/** The shared validator's view of the writable columns; the parent id column is always required. */
function fieldRules(model: RecordModel, writable: readonly WritableColumn[]): FieldRule[] {
  return writable.map(({ column, field, label }) => ({
    name: column.name,
    label,
    field,
    column: column.template,
    required: column.required || column.name === model.parentColumn,
  }));
}

/**
 * Step 2 (first half): the rules that need no database, by the validator the web panel runs too
 * (`validateFields` in shared), so both give the same messages. Values the server fills itself
 * (formulas, numbering) are in the record by now, so every required value counts.
 */
export function validateValues(model: RecordModel, writable: readonly WritableColumn[], record: Row): FieldError[] {
  return validatorOf(writable, model)(record);
}

// The rules of a column list worked out once (an import checks every row against the same lists);
// the lists come from a target, which is rebuilt whenever a template changes.
const validatorOf = memoByObject(
  (writable: readonly WritableColumn[], model: RecordModel): ((record: Row) => FieldError[]) =>
    compileFields(fieldRules(model, writable), { serverFilled: 'check' }),
);

/** Throws a 422 listing every failing field; nothing is written. */
export function assertValid(errors: FieldError[]): void {
  if (errors.length > 0) throw validationError(errors);
}
