import type { FormTemplate } from '@mdis/shared';
import { fieldInputKind } from '../fields/fieldKind';
import type { FormRecord } from '../record-panel/types';

/**
 * Before a save, an empty select ('' or missing, as a cleared input or an old record leaves it)
 * becomes null (spec 1 §5), so the server stores no value rather than an empty code.
 * Returns the same record when nothing was empty.
 */
export function resetEmptySelects(form: FormTemplate, record: FormRecord): FormRecord {
  let next = record;
  for (const field of form.fields) {
    if (fieldInputKind(field) !== 'select' || !(field.name in record)) continue;
    const value = record[field.name];
    if (value !== '' && value !== undefined) continue;
    if (next === record) next = { ...record };
    next[field.name] = null;
  }
  return next;
}
