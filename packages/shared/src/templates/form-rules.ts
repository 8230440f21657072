import type { FieldError } from '../errors';
import { acceptsFormValidator, fieldTypeOf } from '../field-types/registry';
import type { FormField, FormTemplate } from './form-template';
import { calculationMessage, formulaError } from './formula-check';
import type { ColumnTemplate, ModelTemplate } from './model-template';
import { toKebabCase } from './naming';

/** Template-manager rules for form templates (spec 3 §5), as pure functions with its messages. */

/** Longer names do not fit where forms are named (the template store, permission strings). */
export const FORM_NAME_MAX_LENGTH = 100;

export const FORM_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name is too long (at most ${String(FORM_NAME_MAX_LENGTH)} characters).`,
  formExists: (name: string) => `form name ${name} already exists`,
  unknownColumn: (name: string) => `Column ${name} does not exist in the data model.`,
  inputType: (input: string, type: string) => `Input type ${input} is not allowed for a column of type ${type}.`,
  validatorType: (validator: string, type: string) =>
    `Validator ${validator} does not apply to a column of type ${type}.`,
  numeric: (key: string) => `${key} must be a number.`,
  requiredFilters: 'Only one required filter per model is allowed.',
  listUnknown: (listName: string) =>
    `Value list ${listName} does not exist: create it under Value Lists first, or pick another list.`,
} as const;

/** The form name in kebab-case, with 'Name is required' or the duplicate message. */
export function checkNewFormName(proposed: string, existing: readonly string[]): { name: string; error?: string } {
  const name = toKebabCase(proposed);
  if (name === '') return { name, error: FORM_MESSAGES.nameRequired };
  if (name.length > FORM_NAME_MAX_LENGTH) return { name, error: FORM_MESSAGES.nameTooLong };
  if (existing.includes(name)) return { name, error: FORM_MESSAGES.formExists(name) };
  return { name };
}

/** A list name not among the known list names is upper-cased. */
export function normalizeListName(listName: string, knownListNames: readonly string[]): string {
  return knownListNames.includes(listName) ? listName : listName.toUpperCase();
}

/**
 * A form field as the editor saves it: `required` forced on for a database-required column and
 * removed for pseudo columns, a non-empty calculate disables the input, a list select source
 * defaults to textField remark / valueField display.
 */
export function normalizeFormField(field: FormField, column: ColumnTemplate | undefined): FormField {
  let validators = field.validators.filter((v) => v.type !== 'required');
  const required = field.validators.some((v) => v.type === 'required');
  if (column?.type !== 'pseudo' && (required || column?.required)) validators = [{ type: 'required' }, ...validators];
  const formInput = { ...field.formInput };
  if ((formInput.calculate ?? '').trim() !== '') formInput.disabled = true;
  if (formInput.selectSource?.type === 'list')
    formInput.selectSource = {
      ...formInput.selectSource,
      textField: formInput.selectSource.textField || 'remark',
      valueField: formInput.selectSource.valueField || 'display',
    };
  return { ...field, validators, formInput };
}

function fieldErrors(field: FormField, column: ColumnTemplate | undefined, index: number): FieldError[] {
  const at = `fields.${String(index)}`;
  if (!column) return [{ field: `${at}.name`, message: FORM_MESSAGES.unknownColumn(field.name) }];
  const errors: FieldError[] = [];
  // A formula the parser refuses would fail every save of the form (the server runs it on each write).
  const reason = formulaError(field.formInput.calculate);
  if (reason) {
    const label = field.label || column.label || field.name;
    errors.push({ field: `${at}.formInput.calculate`, message: calculationMessage(label, reason) });
  }
  const type = column.type;
  const allowed: readonly string[] = fieldTypeOf(type)?.inputTypes ?? [];
  if (!allowed.includes(field.formInput.type))
    errors.push({ field: `${at}.formInput.type`, message: FORM_MESSAGES.inputType(field.formInput.type, type) });
  for (const validator of field.validators) {
    if (validator.type === 'number' && !acceptsFormValidator(type, 'number'))
      errors.push({ field: `${at}.validators`, message: FORM_MESSAGES.validatorType('number', type) });
    if (validator.type === 'string' && !acceptsFormValidator(type, 'string'))
      errors.push({ field: `${at}.validators`, message: FORM_MESSAGES.validatorType('string', type) });
    for (const key of ['min', 'max'] as const) {
      const value = validator[key];
      if (value != null && !Number.isFinite(value))
        errors.push({ field: `${at}.validators`, message: FORM_MESSAGES.numeric(key) });
    }
  }
  return errors;
}

/** Checks a form template against its data model. Empty when valid. */
export function validateFormTemplate(form: FormTemplate, model: ModelTemplate): FieldError[] {
  const errors: FieldError[] = [];
  if (form.name.trim() === '') errors.push({ field: 'name', message: FORM_MESSAGES.nameRequired });
  form.fields.forEach((field, i) => errors.push(...fieldErrors(field, model.columns[field.name], i)));
  const models = form.requiredFilters.map((f) => form.filterDataModels[f.value]?.model ?? f.value);
  if (new Set(models).size !== models.length)
    errors.push({ field: 'requiredFilters', message: FORM_MESSAGES.requiredFilters });
  return errors;
}
