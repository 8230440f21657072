import { type FormField, isEmptyValue } from '@mdis/shared';
import type { SelectOption } from './selectSourceRequest';

/** What the select hands back: an option, or typed text (free input). */
export type Choice = SelectOption | string;

export function isMultiple(field: FormField): boolean {
  return field.formInput.multiple === true || field.formInput.selectSource?.type === 'many_relation';
}

function rawValues(value: unknown): unknown[] {
  if (isEmptyValue(value)) return [];
  return Array.isArray(value) ? value : [value];
}

/** The record's value(s) as options; a value the options lack still shows, as its own text. */
export function chosenOptions(value: unknown, options: readonly SelectOption[]): SelectOption[] {
  return rawValues(value).flatMap((raw) => {
    const id = raw !== null && typeof raw === 'object' ? (raw as { id?: unknown }).id : raw;
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    return [options.find((option) => String(option.value) === String(id)) ?? { value: id, text: String(id) }];
  });
}

function choiceValue(choice: Choice): string | number {
  return typeof choice === 'string' ? choice : choice.value;
}

/** The record value of a choice: arrays for multiple selects, and empty selections reset to null (spec 1 §5). */
export function nextValue(next: Choice | Choice[] | null, multiple: boolean): unknown {
  if (next === null) return null;
  if (!Array.isArray(next)) return multiple ? [choiceValue(next)] : choiceValue(next);
  const values = [...new Set(next.map(choiceValue))];
  if (values.length === 0) return null;
  return multiple ? values : (values[0] ?? null);
}
