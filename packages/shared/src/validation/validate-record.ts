import type { FieldError } from '../errors';
import { parseColumnValidator } from '../expressions/column-validator';
import type { ColumnTemplate, FieldValidator, FormField, FormTemplate } from '../templates';
import { isEmptyValue, unwrapId, valueText } from './field-values';
import { RECORD_MESSAGES as M } from './record-messages';
import { FORMAT_CHECKS, VALUE_KIND_OF_COLUMN, type ValueKind, valueKindOfInput } from './value-checks';

/**
 * Record validation without the database (spec 1 §5): required, formats, string length, number
 * bounds, the model column's `validator`. The web panel runs it as the user types, the server before
 * its database checks (unique, references), so a record gets the same messages from both.
 */

/** One field as validation sees it: the form field and/or the model column it writes. */
export interface FieldRule {
  name: string;
  label: string;
  field?: FormField;
  column?: ColumnTemplate;
  /** Required whatever the templates say (the server's parent id column). */
  required?: boolean;
}

export interface ValidateOptions {
  /**
   * 'skip' (the client): an empty required value the server fills itself (formula, autoIncrement,
   * disabled input) is not the user's to give. 'check' (the server): every required value counts.
   */
  serverFilled?: 'skip' | 'check';
}

/** The label a message names: the field's label, else the column's, else the name. */
export function fieldLabel(field: FormField | undefined, column?: ColumnTemplate, name = field?.name ?? ''): string {
  return field?.label?.trim() || column?.label?.trim() || name;
}

/** Whether the field's label gets its '*': a required validator, or a required model column. */
export function isRequiredField(field: FormField, column?: ColumnTemplate): boolean {
  return column?.required === true || field.validators.some((v) => v.type === 'required');
}

const validatorsOf = (rule: FieldRule): readonly FieldValidator[] => rule.field?.validators ?? [];
const hasValidator = (rule: FieldRule, type: string) => validatorsOf(rule).some((v) => v.type === type);

function isRequired(rule: FieldRule): boolean {
  return rule.required === true || rule.column?.required === true || hasValidator(rule, 'required');
}

function filledByServer({ field, column }: FieldRule): boolean {
  const formula = [field?.formInput.calculate, field?.formInput.jsCalculate, column?.calculate];
  const inputType: string | undefined = field?.formInput.type;
  return formula.some((f) => (f ?? '').trim() !== '') || inputType === 'autoIncrement' || !!field?.formInput.disabled;
}

function valueKinds(rule: FieldRule): ValueKind[] {
  const kinds = new Set<ValueKind>();
  if (rule.column) kinds.add(VALUE_KIND_OF_COLUMN[rule.column.type]);
  if (rule.field) kinds.add(valueKindOfInput(rule.field.formInput.type));
  if (hasValidator(rule, 'number')) kinds.add('number');
  return [...kinds];
}

function stringLimit(rule: FieldRule): number | undefined {
  const limits = [rule.column?.type === 'string' ? rule.column.size : undefined];
  for (const v of validatorsOf(rule)) if (v.type === 'string') limits.push(v.max);
  return limits.filter((m): m is number => typeof m === 'number' && m > 0).sort((a, b) => a - b)[0];
}

/** The number validators' bounds and the column's `validator`, parsed once: the first failing message. */
function numberBounds(rule: FieldRule): (value: unknown) => string | undefined {
  const bounds = validatorsOf(rule).filter((v) => v.type === 'number');
  const validator = columnValidator(rule);
  return (value) => {
    const number = Number(value);
    for (const v of bounds) {
      if (typeof v.min === 'number' && number < v.min) return M.min(rule.label, v.min);
      if (typeof v.max === 'number' && number > v.max) return M.max(rule.label, v.max);
    }
    return validator?.(number);
  };
}

/** The model column's `validator` (e.g. `>0`) with its validatorMessage; undefined without one. */
function columnValidator({ column, label }: FieldRule): ((value: number) => string | undefined) | undefined {
  if (!column?.validator) return undefined;
  try {
    const validator = parseColumnValidator(column.validator, column.validatorMessage);
    return (value) => (validator.test(value) ? undefined : validator.message(label, value));
  } catch {
    // A malformed validator is the template manager's to refuse; writes are not blocked by it.
    return undefined;
  }
}

const KNOWN_VALIDATORS = ['required', 'string', 'number', 'unique'];

/** One field's check with everything its rule decides worked out once (an import runs it on every row). */
export function compileField(rule: FieldRule, options: ValidateOptions = {}): (value: unknown) => string | undefined {
  const skip = options.serverFilled !== 'check' && filledByServer(rule);
  const ifEmpty = isRequired(rule) && !skip ? M.required(rule.label) : undefined;
  const kinds = valueKinds(rule);
  const formats = kinds.map((kind) => FORMAT_CHECKS[kind]);
  const max = stringLimit(rule);
  const bounds = kinds.includes('number') ? numberBounds(rule) : undefined;
  const unknown = validatorsOf(rule).find((v) => !KNOWN_VALIDATORS.includes(v.type));
  const last = unknown ? M.unknownValidator(rule.label, unknown.type) : undefined;
  return (value) => {
    if (isEmptyValue(value)) return ifEmpty;
    for (const format of formats) {
      const message = format(value, rule.label);
      if (message) return message;
    }
    if (max !== undefined && valueText(value).length > max) return M.stringMax(rule.label, max);
    return bounds?.(value) ?? last;
  };
}

/** The first message of one field, or undefined when its value passes. */
export function validateField(rule: FieldRule, value: unknown, options: ValidateOptions = {}): string | undefined {
  return compileField(rule, options)(value);
}

/** validateFields with the rules worked out once, for many records. */
export function compileFields(
  rules: readonly FieldRule[],
  options?: ValidateOptions,
): (record: Readonly<Record<string, unknown>>) => FieldError[] {
  const checks = rules.map((rule) => ({ name: rule.name, check: compileField(rule, options) }));
  return (record) => {
    const errors: FieldError[] = [];
    for (const { name, check } of checks) {
      const message = check(unwrapId(name, record[name]));
      if (message) errors.push({ field: name, message });
    }
    return errors;
  };
}

/** Every failing field of a record with its first message; [] when valid. */
export function validateFields(
  rules: readonly FieldRule[],
  record: Readonly<Record<string, unknown>>,
  options?: ValidateOptions,
): FieldError[] {
  return compileFields(rules, options)(record);
}

/** The rules of a form's fields, with their model columns when the caller knows them. */
export function formRules(form: FormTemplate, columns?: Readonly<Record<string, ColumnTemplate>>): FieldRule[] {
  return form.fields.map((field) => {
    const column = columns && Object.hasOwn(columns, field.name) ? columns[field.name] : undefined;
    return { name: field.name, label: fieldLabel(field, column), field, column };
  });
}

/** A record of a form validated as the user types it (spec 1 §5 messages); [] when valid. */
export function validateRecord(
  form: FormTemplate,
  record: Readonly<Record<string, unknown>>,
  columns?: Readonly<Record<string, ColumnTemplate>>,
): FieldError[] {
  return validateFields(formRules(form, columns), record);
}
