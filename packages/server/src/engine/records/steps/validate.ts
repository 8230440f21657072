import { type FieldError, type FieldValidator, validationError } from '@mdis/shared';
import { parseColumnValidator } from '@mdis/shared/expressions';
import { type Row, textOf } from '../dynamic-db';
import type { RecordModel } from '../record-model';
import type { WritableColumn } from '../record-target';

// Messages of spec 1 §5, reproduced exactly.
export const MESSAGES = {
  required: (label: string) => `${label} is required`,
  stringMax: (label: string, max: number) => `${label} must be less than ${max} characters`,
  number: (label: string) => `${label} must be a number`,
  min: (label: string, min: number) => `${label} must be >= ${min}`,
  max: (label: string, max: number) => `${label} must be <= ${max}`,
  invalid: (label: string) => `${label} is invalid.`,
  taken: (label: string, value: unknown) => `${label} "${String(value)}" has already been taken.`,
  combinationTaken: (values: unknown[], labels: string[]) =>
    `The combination ${values.map((v) => `"${String(v)}"`).join('-')} of ${labels.join(' and ')} has already been taken.`,
};

/** Empty for `required`: 0 and false are values (spec 1 §5). */
export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/** A column `validator` such as `>0` (reference §2.2), with its validatorMessage. */
function columnValidator({ column, label }: WritableColumn, value: number): string | undefined {
  const source = column.template.validator;
  if (!source) return undefined;
  let validator: ReturnType<typeof parseColumnValidator>;
  try {
    validator = parseColumnValidator(source, column.template.validatorMessage);
  } catch {
    // A malformed validator is the template manager's to refuse; writes are not blocked by it.
    return undefined;
  }
  return validator.test(value) ? undefined : validator.message(label, value);
}

function fieldValidators(writable: WritableColumn): FieldValidator[] {
  return writable.field?.validators ?? [];
}

function isRequired(writable: WritableColumn, model: RecordModel): boolean {
  return (
    writable.column.required ||
    writable.column.name === model.parentColumn ||
    fieldValidators(writable).some((v) => v.type === 'required')
  );
}

function checkString(writable: WritableColumn, value: unknown): string | undefined {
  const text = Array.isArray(value) ? value.map(textOf).join(';') : textOf(value);
  const limits = [writable.column.type === 'string' ? writable.column.size : undefined];
  for (const v of fieldValidators(writable)) if (v.type === 'string') limits.push(v.max ?? undefined);
  const max = limits
    .filter((m): m is number => typeof m === 'number' && m > 0)
    .sort((a, b) => a - b)
    .at(0);
  return max !== undefined && text.length > max ? MESSAGES.stringMax(writable.label, max) : undefined;
}

function checkNumber(writable: WritableColumn, value: unknown): string | undefined {
  const numeric = writable.column.kind === 'number' || fieldValidators(writable).some((v) => v.type === 'number');
  if (!numeric) return undefined;
  if (!isNumeric(value)) return MESSAGES.number(writable.label);
  const number = Number(value);
  for (const v of fieldValidators(writable)) {
    if (v.type !== 'number') continue;
    if (typeof v.min === 'number' && number < v.min) return MESSAGES.min(writable.label, v.min);
    if (typeof v.max === 'number' && number > v.max) return MESSAGES.max(writable.label, v.max);
  }
  return columnValidator(writable, number);
}

/** Rules that need no database: required, string length, numbers and their bounds, column validators. */
export function validateValues(model: RecordModel, writable: readonly WritableColumn[], record: Row): FieldError[] {
  const errors: FieldError[] = [];
  for (const column of writable) {
    const value = record[column.column.name];
    let message: string | undefined;
    if (isEmpty(value)) message = isRequired(column, model) ? MESSAGES.required(column.label) : undefined;
    else if (['string', 'text', 'string_multiple'].includes(column.column.type)) message = checkString(column, value);
    else message = checkNumber(column, value);
    if (message) errors.push({ field: column.column.name, message });
  }
  return errors;
}

/** Step 2 (first half): throws a 422 listing every failing field; nothing is written. */
export function assertValid(errors: FieldError[]): void {
  if (errors.length > 0) throw validationError(errors);
}
