import { FORMATTER_ERROR, formatValue, type FormField, valueText } from '@mdis/shared';
import type { FormRecord } from '../record-panel/types';

export { FORMATTER_ERROR };

export function hasFormatter(field: FormField): boolean {
  return (field.formatter ?? '').trim() !== '';
}

/**
 * The text a field shows outside its input (the view scenario, table cells): its formatter's
 * result, 'ERROR in formatter' when that fails (spec 1 §3), else the plain value.
 */
export function formatFieldValue(field: FormField, record: FormRecord): string {
  const value = record[field.name];
  const formatter = field.formatter?.trim();
  return formatter ? formatValue(formatter, value, record) : valueText(value);
}
