import { AppError, isEmptyValue as isEmpty } from '@mdis/shared';
import type { Row } from '../dynamic-db';
import { NOT_ALLOWED, type RecordScope, accessKeyOf, assertInScope, keyMatches } from '../record-access';
import { type RecordModel, loadRecordModel } from '../record-model';
import type { RecordsDeps } from '../records-deps';
import { ACCESS_KEY, authorizeParent } from './authorize';
import type { RelationInput } from './relation-input';

/** One stored record with its hidden access key, or undefined (records-read's findRecord). */
export type FindRecord = (model: RecordModel, id: number) => Promise<Row>;

/** A record a write points at, and the field that points at it (for the message). */
interface Reference {
  table: string;
  id: number;
  label: string;
}

/** An id as a write sends it (scalar, numeric text); anything else is left to validation. */
function idOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return idOf(Number(value));
  return undefined;
}

export function outsideScope(label: string): AppError {
  return new AppError('FORBIDDEN', `${NOT_ALLOWED} ${label} refers to a record outside your access.`);
}

/**
 * With limited access, the (new) parent must lie inside the scope (reference §5.6: "create/defaults
 * check the parent of the posted record").
 */
export async function authorizeParentRecord(
  deps: RecordsDeps,
  findRecord: FindRecord,
  scope: RecordScope,
  model: RecordModel,
  parentId: unknown,
): Promise<void> {
  const parent = model.ancestors.at(0);
  if (!scope.restricted || !parent || isEmpty(parentId) || typeof parentId === 'object') return;
  const parentModel = await loadRecordModel(deps.templates, parent.template.fullName);
  const key = accessKeyOf(parentModel);
  const row = await findRecord(parentModel, Number(parentId)).catch(() => undefined);
  if (row) authorizeParent(scope, row[ACCESS_KEY], key !== undefined);
}

/**
 * Every record a write links to: many_to_many ids, one_to_many values, and the stored id columns
 * of `1n` relations whose value the write changes (an unchanged one was there before: a form
 * sends the whole record back).
 */
function referencesOf(model: RecordModel, relations: RelationInput, input: Row, previous: Row | undefined) {
  const references: Reference[] = [
    ...relations.links.flatMap((link) =>
      link.ids.map((id) => ({ table: link.column.relatedTable, id, label: link.label })),
    ),
    ...relations.references.flatMap((ref) =>
      ref.id === null ? [] : [{ table: ref.column.foreignTable, id: ref.id, label: ref.label }],
    ),
  ];
  for (const column of model.relations.references) {
    if (!Object.hasOwn(input, column.name)) continue;
    const id = idOf(input[column.name]);
    if (id === undefined || (previous && idOf(previous[column.name]) === id)) continue;
    const label = model.column(column.name)?.label ?? column.name;
    references.push({ table: column.foreignTable, id, label });
  }
  return references;
}

/**
 * With limited access, every record a write links to must lie inside the scope, or a user could
 * attach (and through the link read) records it may not see: 403, as for a record outside the
 * scope. One read per linked id: only limited users pay it, and only for the ids they send.
 */
export async function authorizeReferences(
  deps: RecordsDeps,
  findRecord: FindRecord,
  scope: RecordScope,
  write: { model: RecordModel; relations: RelationInput; input: Row; previous?: Row },
): Promise<void> {
  if (!scope.restricted) return;
  // A record whose access key is a column of its own that the client writes (an archive file's
  // `parent_combined_id`) must keep it inside the scope: a write never puts a record where the
  // writer could not reach it.
  const ownKey = accessKeyOf(write.model);
  if (ownKey?.level === 0 && Object.hasOwn(write.input, ownKey.column)) {
    assertInScope(scope, ownKey, write.input[ownKey.column]);
  }
  const references = referencesOf(write.model, write.relations, write.input, write.previous);
  if (references.length === 0) return;
  const models = await deps.templates.listModels();
  for (const { table, id, label } of references) {
    const template = models.find((model) => model.table === table);
    if (!template) continue;
    const related = await loadRecordModel(deps.templates, template.fullName);
    const key = accessKeyOf(related);
    if (!key) continue;
    // An unknown id is left to validation (422 '{label} is invalid.').
    const row = await findRecord(related, id).catch(() => undefined);
    if (row && !scope.prefixes.some((prefix) => keyMatches(row[ACCESS_KEY], prefix, key.mode))) {
      throw outsideScope(label);
    }
  }
}
