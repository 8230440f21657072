import type { FormTemplate, HistoryEntry } from '@mdis/shared';

/** A stored value as a person reads it: lists joined, nothing shown as "(empty)". */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.map(valueText).join('; ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `2026-11-25T23:28:40.577Z` → `2026-11-25 23:28 UTC`: ISO, as every date of the app. */
export function timeText(at: string): string {
  return `${at.slice(0, 10)} ${at.slice(11, 16)} UTC`;
}

const VERBS: Record<HistoryEntry['action'], string> = { create: 'Created', update: 'Changed', delete: 'Deleted' };

/** "Changed by admin": who did what; a write by no signed-in user is the system's. */
export function entryTitle(entry: HistoryEntry): string {
  return `${VERBS[entry.action]} by ${entry.user.name ?? 'the system'}`;
}

/** The form's label of a column (the model's column name when the form does not show it). */
export function labelOf(form: Pick<FormTemplate, 'fields'>, column: string): string {
  return form.fields.find((field) => field.name === column)?.label || column;
}

export interface FieldChange {
  column: string;
  label: string;
  before: string;
  after: string;
}

// The record's own id is in the dialog's title; it never changes.
const HIDDEN = new Set(['id']);

/** The fields an entry changed (update), or the values it created or deleted, in the form's order. */
export function fieldChanges(form: Pick<FormTemplate, 'fields'>, entry: HistoryEntry): FieldChange[] {
  const order = new Map(form.fields.map((field, index) => [field.name, index]));
  const rank = (column: string) => order.get(column) ?? Number.MAX_SAFE_INTEGER;
  return Object.entries(entry.changes)
    .filter(([column]) => !HIDDEN.has(column))
    .map(([column, value]) => {
      const [before, after] = entry.action === 'update' ? (value as unknown[]) : [null, value];
      const change = { column, label: labelOf(form, column), before: valueText(before), after: valueText(after) };
      return entry.action === 'delete' ? { ...change, before: change.after, after: '(empty)' } : change;
    })
    .filter((change) => entry.action === 'update' || change.before !== change.after)
    .sort((a, b) => rank(a.column) - rank(b.column) || a.column.localeCompare(b.column));
}
