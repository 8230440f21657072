import { INPUT_TYPES, type FormField } from '@mdis/shared';
import { formulaOf } from './calculatedFields';

/**
 * The input types a form template may name (spec 1 §3 formInput.type): the field types' input types
 * from shared, plus 'number' (a text input with a number validator) and the original's 'autoIncrement'.
 * A new shared input type without a component in FIELD_INPUTS is a compile error.
 */
export const TEMPLATE_INPUT_TYPES = [...INPUT_TYPES, 'number', 'autoIncrement'] as const;
export type TemplateInputType = (typeof TEMPLATE_INPUT_TYPES)[number];

/** What the record panel renders: a template input type, a calculated field, or the unsupported notice. */
export type FieldInputKind = TemplateInputType | 'calculated' | 'unsupported';

function isTemplateInputType(type: string): type is TemplateInputType {
  return (TEMPLATE_INPUT_TYPES as readonly string[]).includes(type);
}

export function hasValidator(field: FormField, type: string): boolean {
  return field.validators.some((validator) => validator.type === type);
}

/**
 * The input a field gets. A formula makes it calculated (disabled, recomputed on every change);
 * a text input with a number validator is a number input, as the form seed makes numeric columns.
 */
export function fieldInputKind(field: FormField): FieldInputKind {
  if (formulaOf(field) !== '') return 'calculated';
  // Templates arrive as JSON: the type may be one the schema does not know.
  const type: string = field.formInput.type;
  if (!isTemplateInputType(type)) return 'unsupported';
  if (type === 'text' && hasValidator(field, 'number')) return 'number';
  return type;
}
