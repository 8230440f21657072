import type { FormField, FormTemplate, HistoryEntry } from '@mdis/shared';
import { shownDate, shownDateTime } from '../fields/dateTimeFormat';
import { filterLabel } from '../filter-bar/FilterBar';

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

// A link added or removed changes the record too; the line says which (linkText).
const VERBS: Record<HistoryEntry['action'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  link: 'Changed',
  unlink: 'Changed',
};

/** Who wrote, as the history and the audit name them: a write by no signed-in user is the system's. */
export function actorName(entry: Pick<HistoryEntry, 'user'>): string {
  return entry.user.name ?? 'system';
}

/** "Changed by admin": who did what. */
export function entryTitle(entry: HistoryEntry): string {
  return `${VERBS[entry.action]} by ${actorName(entry)}`;
}

/** A link's partner as the server names it (`{ id, display }`): its display, else its id. */
function partnerText(value: unknown): string {
  const partner = (value ?? {}) as { id?: unknown; display?: unknown };
  if (typeof partner.display === 'string' && partner.display !== '') return partner.display;
  return `#${String(partner.id)}`;
}

/** The parts of a form the history reads: its fields, and how it names its parent columns. */
export type HistoryForm = Pick<FormTemplate, 'fields' | 'filterDataModels' | 'supForms'>;

/**
 * The form's label of a column: its field's label; for a parent column the form has no field for
 * (`hole_id`), the name of the filter that chooses it ('Hole') or of the button to the parent form;
 * else the model's column name.
 */
export function labelOf(form: HistoryForm, column: string): string {
  const label = form.fields.find((field) => field.name === column)?.label;
  if (label) return label;
  const filter = Object.entries(form.filterDataModels).find(([, model]) => model.ref === column)?.[0];
  if (filter) return filterLabel(filter);
  return Object.values(form.supForms).find((link) => link.parentIdField === column)?.buttonLabel || column;
}

/**
 * A parent record as the form names it: its combined id, else the text its filter shows (a program's
 * code), else its id.
 */
export function parentText(parent: Record<string, unknown>, id: number, filterText?: string): string {
  for (const key of ['combined_id', filterText]) {
    const value = key === undefined ? undefined : parent[key];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return String(id);
}

/** The texts of value-list fields' values, by column and stored value (the form shows the text). */
export type ValueTexts = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** A field's value as the form shows it: dates and datetimes formatted, a value list's text for its value. */
export function shownValue(field: FormField | undefined, value: unknown, texts?: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return valueText(value);
  if (Array.isArray(value))
    return value.length === 0 ? valueText(value) : value.map((item) => shownValue(field, item, texts)).join('; ');
  const type = field?.formInput.type;
  if (type === 'datetime') return shownDateTime(value);
  if (type === 'date') return shownDate(value);
  const listed = typeof value === 'string' || typeof value === 'number' ? texts?.get(String(value)) : undefined;
  return listed ?? valueText(value);
}

export interface FieldChange {
  column: string;
  label: string;
  before: string;
  after: string;
  /** What the line says: `before → after`, the value created or deleted, or "Linked X" / "Unlinked X". */
  text: string;
}

function changeText(action: HistoryEntry['action'], before: string, after: string, value: unknown): string {
  if (action === 'link') return `Linked ${partnerText(value)}`;
  if (action === 'unlink') return `Unlinked ${partnerText(value)}`;
  if (action === 'update') return `${before} → ${after}`;
  return action === 'delete' ? before : after;
}

// The record's own id is in the dialog's title; it never changes.
const HIDDEN = new Set(['id']);

/**
 * The fields an entry changed (update), the values it created or deleted, or the link it added or
 * removed, in the form's order, under the form's labels and as the form shows the values.
 */
export function fieldChanges(form: HistoryForm, entry: HistoryEntry, texts: ValueTexts = new Map()): FieldChange[] {
  const fields = new Map(form.fields.map((field) => [field.name, field]));
  const order = new Map(form.fields.map((field, index) => [field.name, index]));
  const rank = (column: string) => order.get(column) ?? Number.MAX_SAFE_INTEGER;
  const { action } = entry;
  return Object.entries(entry.changes)
    .filter(([column]) => !HIDDEN.has(column))
    .map(([column, value]) => {
      const [stored, set] = action === 'update' ? (value as unknown[]) : [null, value];
      const shown = (v: unknown) => shownValue(fields.get(column), v, texts.get(column));
      const [before, after] = action === 'delete' ? [shown(set), '(empty)'] : [shown(stored), shown(set)];
      return { column, label: labelOf(form, column), before, after, text: changeText(action, before, after, value) };
    })
    .filter((change) => (action !== 'create' && action !== 'delete' ? true : change.before !== change.after))
    .sort((a, b) => rank(a.column) - rank(b.column) || a.column.localeCompare(b.column));
}
