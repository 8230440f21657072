import { type FieldError, RECORD_MESSAGES as MESSAGES, isEmptyValue as isEmpty } from '@mdis/shared';
import type { Row } from '../dynamic-db';
import type { ManyToManyColumn, OneToManyColumn } from '../record-relations';
import type { RecordTarget } from '../record-target';

/** The relation values a write sets: only the keys present in the body (absent → unchanged). */
export interface RelationInput {
  /** many_to_many columns whose links are replaced, with the new related ids (sorted, unique). */
  links: { column: ManyToManyColumn; label: string; ids: number[] }[];
  /** one_to_many columns set, with the referenced id (null clears it). */
  references: { column: OneToManyColumn; label: string; id: number | null }[];
}

function unwrap(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { id?: unknown }).id : value;
}

/** A scalar id or `{id}` (as for `*_id` keys) → a positive integer, else undefined. */
function toId(value: unknown): number | undefined {
  const raw = unwrap(value);
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
  if (typeof raw === 'string' && /^\d+$/.test(raw.trim())) return toId(Number(raw));
  return undefined;
}

// Per target (its model and form are fixed for its life) and column list: an import asks once per row.
const writableByTarget = new WeakMap<RecordTarget, Map<readonly unknown[], unknown>>();

/** The relation columns a write may set, with their labels: with a form, only its fields. */
function writableRelations<T extends { name: string; label: string }>(
  target: RecordTarget,
  columns: readonly T[],
): { column: T; label: string }[] {
  let byColumns = writableByTarget.get(target);
  if (!byColumns) {
    byColumns = new Map();
    writableByTarget.set(target, byColumns);
  }
  const known = byColumns.get(columns) as { column: T; label: string }[] | undefined;
  if (known) return known;
  const fields = new Map((target.form?.fields ?? []).map((field) => [field.name, field]));
  const found = columns
    .filter((column) => !target.form || fields.has(column.name))
    .map((column) => ({ column, label: fields.get(column.name)?.label || column.label }));
  byColumns.set(columns, found);
  return found;
}

function readLinks(value: unknown): number[] | undefined {
  if (value === null || value === undefined || value === '') return [];
  if (!Array.isArray(value)) return undefined;
  const ids = value.map(toId);
  if (ids.some((id) => id === undefined)) return undefined;
  return [...new Set(ids as number[])].sort((a, b) => a - b);
}

// Not a closure in readRelationInput: tsx names every function made at run time (its __name
// helper), and an import reads a relation input per row.
function required(field: string, label: string): FieldError {
  return { field, message: MESSAGES.required(label) };
}

/**
 * Steps 2-3 for relation columns (the checks that need no database): many_to_many as an array of
 * ids or of `{id}` objects, one_to_many as a scalar id or `{id}`; anything else is
 * '{label} is invalid.'; required columns must not be left empty (on create, not absent either).
 */
export function readRelationInput(
  target: RecordTarget,
  body: Row,
  creating: boolean,
): { input: RelationInput; errors: FieldError[] } {
  const input: RelationInput = { links: [], references: [] };
  const errors: FieldError[] = [];
  const { manyToMany, oneToMany } = target.model.relations;
  for (const { column, label } of writableRelations(target, manyToMany)) {
    const present = Object.hasOwn(body, column.name);
    const ids = present ? readLinks(body[column.name]) : [];
    if (ids === undefined) errors.push({ field: column.name, message: MESSAGES.invalid(label) });
    else if (column.required && (present ? ids.length === 0 : creating)) errors.push(required(column.name, label));
    if (present && ids) input.links.push({ column, label, ids });
  }
  for (const { column, label } of writableRelations(target, oneToMany)) {
    const present = Object.hasOwn(body, column.name);
    const id = isEmpty(unwrap(body[column.name])) ? null : toId(body[column.name]);
    if (id === undefined) errors.push({ field: column.name, message: MESSAGES.invalid(label) });
    else if (column.required && (present ? id === null : creating)) errors.push(required(column.name, label));
    if (present && id !== undefined) input.references.push({ column, label, id });
  }
  return { input, errors };
}
