import { memo } from 'react';
import { type ColumnTemplate, type FormField, fieldLabel, isRequiredField, valueText } from '@mdis/shared';
import { FIELD_INPUTS } from '../fields/fieldRegistry';
import { fieldInputKind, type FieldInputKind } from '../fields/fieldKind';
import { formatFieldValue, hasFormatter } from '../fields/formatFieldValue';
import type { FormRecord } from './types';

export interface FieldRendererProps {
  field: FormField;
  /** The model column the field writes, when known: its label and required count too. */
  column?: ColumnTemplate;
  record: FormRecord;
  readOnly: boolean;
  error?: string;
  onFieldChange: (name: string, value: unknown) => void;
}

/** The string validator's max, shown as a counter. */
function stringMax(field: FormField): number | undefined {
  const max = field.validators.find((v) => v.type === 'string' && typeof v.max === 'number')?.max;
  return typeof max === 'number' && max > 0 ? max : undefined;
}

// Only where the user types the text: not on a disabled column nor on a pick from a list.
const TYPED_KINDS = new Set<FieldInputKind>(['text', 'textarea']);
function takesTypedText(field: FormField, kind: FieldInputKind): boolean {
  return TYPED_KINDS.has(kind) || (kind === 'select' && field.formInput.allowFreeInput === true);
}

/** Looks the field's input up in the registry and gives it label, value, message and counter. */
export function FieldRenderer({ field, column, record, readOnly, error, onFieldChange }: FieldRendererProps) {
  const kind = fieldInputKind(field);
  const value = record[field.name];
  const disabled = field.formInput.disabled === true;
  const max = readOnly || disabled || !takesTypedText(field, kind) ? undefined : stringMax(field);
  const common = {
    field,
    label: isRequiredField(field, column) ? `*${fieldLabel(field, column)}` : fieldLabel(field, column),
    formModel: record,
    error,
    counter: max === undefined ? undefined : `${String(valueText(value).length)} / ${String(max)}`,
    disabled,
    readOnly,
    onChange: (next: unknown) => {
      onFieldChange(field.name, next);
    },
  };
  // In view a formatter decides what is shown ('ERROR in formatter' when it fails).
  if (readOnly && hasFormatter(field)) {
    return <FIELD_INPUTS.text {...common} value={formatFieldValue(field, record)} />;
  }
  const Input = FIELD_INPUTS[kind];
  return <Input {...common} value={value} />;
}

// Inputs that read other columns: select filters ('{field}' parts) and formatters (in view).
function readsOtherFields(field: FormField): boolean {
  return (field.formInput.selectSource?.extraFilter ?? '').trim() !== '' || hasFormatter(field);
}

function sameRendering(before: FieldRendererProps, after: FieldRendererProps): boolean {
  const { field } = after;
  return (
    before.field === field &&
    before.column === after.column &&
    before.readOnly === after.readOnly &&
    before.error === after.error &&
    before.onFieldChange === after.onFieldChange &&
    Object.is(before.record[field.name], after.record[field.name]) &&
    (before.record === after.record || !readsOtherFields(field))
  );
}

/**
 * A keystroke re-renders only the field it changed (and the fields that read other columns):
 * a core form has some 30 inputs, each an MUI TextField or Autocomplete.
 */
export const MemoFieldRenderer = memo(FieldRenderer, sameRendering);
