import type { FieldValidator, FormField, FormTemplate } from '@mdis/shared';
import { isIsoDate, isTimeOfDay, parseStoredDateTime } from '../fields/dateTimeFormat';
import { fieldInputKind, hasValidator, type FieldInputKind } from '../fields/fieldKind';
import type { FieldError, FormRecord } from '../record-panel/types';
import { isEmptyValue, isNumeric, valueText } from './fieldValues';
import { VALIDATION_MESSAGES as M } from './validationMessages';

/** The label a message names: the field's label, else its name. */
export function fieldLabel(field: FormField): string {
  return field.label?.trim() || field.name;
}

/** Whether the label gets its '*': a required validator. */
export function isRequiredField(field: FormField): boolean {
  return hasValidator(field, 'required');
}

// The server fills these itself (formulas, auto-increment, disabled columns such as combined_id).
const FILLED_BY_SERVER: readonly FieldInputKind[] = ['calculated', 'autoIncrement'];

function checkValidator(validator: FieldValidator, label: string, value: unknown): string | undefined {
  switch (validator.type) {
    case 'required':
    case 'unique':
      return undefined;
    case 'string': {
      const { max } = validator;
      return typeof max === 'number' && valueText(value).length > max ? M.stringMax(label, max) : undefined;
    }
    case 'number': {
      if (!isNumeric(value)) return M.number(label);
      const number = Number(value);
      if (typeof validator.min === 'number' && number < validator.min) return M.min(label, validator.min);
      if (typeof validator.max === 'number' && number > validator.max) return M.max(label, validator.max);
      return undefined;
    }
    default:
      return M.unknownValidator(label, validator.type);
  }
}

const DATE_CHECKS: Partial<Record<FieldInputKind, (text: string) => boolean>> = {
  date: isIsoDate,
  time: isTimeOfDay,
  datetime: (text) => parseStoredDateTime(text) !== null,
};

/** The first message of one field, or undefined when its value passes. */
export function validateField(field: FormField, value: unknown): string | undefined {
  const label = fieldLabel(field);
  const kind = fieldInputKind(field);
  if (isEmptyValue(value)) {
    const serverFills = FILLED_BY_SERVER.includes(kind) || field.formInput.disabled === true;
    return isRequiredField(field) && !serverFills ? M.required(label) : undefined;
  }
  if (kind === 'number' && !isNumeric(value)) return M.number(label);
  const dateCheck = DATE_CHECKS[kind];
  if (dateCheck && !dateCheck(valueText(value))) return M.invalidDate;
  for (const validator of field.validators) {
    const message = checkValidator(validator, label, value);
    if (message) return message;
  }
  return undefined;
}

/** Client validation of the whole record with spec 1 §5 messages; [] when valid. */
export function validateRecord(form: FormTemplate, record: FormRecord): FieldError[] {
  return form.fields.flatMap((field) => {
    const message = validateField(field, record[field.name]);
    return message ? [{ field: field.name, message }] : [];
  });
}
