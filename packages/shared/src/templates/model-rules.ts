import type { FieldError } from '../errors';
import { isStoredColumnType } from './column-types';
import { calculationMessage, formulaError } from './formula-check';
import type { ColumnTemplate, IndexTemplate, ModelTemplate } from './model-template';
import { fullNameOf, toSnakeCase, toUpperCamelCase } from './naming';

/** Template-manager rules for model templates (spec 3 §5), as pure functions with its messages. */

/**
 * The archive files' model: the template manager never deletes it and never adds or removes its forms
 * (the file screens are built for it).
 */
export const PROTECTED_MODEL = 'ArchiveFile';

export const MODEL_MESSAGES = {
  nameTaken: 'The name is taken.',
  columnEmpty: 'Column should not be empty string',
  modelExists: (fullName: string) => `model name ${fullName} already exists`,
  invalidName: 'Model name is invalid',
  relationType: 'A relation needs a relation type.',
  relationModel: 'A relation needs a related model.',
  locked: (name: string) => `Column ${name} is locked and cannot be changed or removed.`,
  parentRelation: 'The parent relation cannot be removed.',
} as const;

/**
 * A column rename as the editor does it: the new name in snake_case, or the previous name kept
 * with a message when the new one is empty or taken.
 */
export function renameColumnName(
  previous: string,
  proposed: string,
  taken: readonly string[],
): { name: string; error?: string } {
  const name = toSnakeCase(proposed);
  if (name === '') return { name: previous, error: MODEL_MESSAGES.columnEmpty };
  if (name !== previous && taken.includes(name)) return { name: previous, error: MODEL_MESSAGES.nameTaken };
  return { name };
}

/** Adds a column or index under a snake_case name; a duplicate name is ignored (map unchanged). */
export function addNamed<T extends { name: string }>(map: Record<string, T>, item: T): Record<string, T> {
  const name = toSnakeCase(item.name);
  if (name === '' || name in map) return map;
  return { ...map, [name]: { ...item, name } };
}

/**
 * A model name as typed: a letter first, then letters, digits and the separators that upper camel
 * case removes (space, `_`, `-`). Anything else would be dropped silently by the conversion
 * ("123 bad-name!" would become `123BadName`), so it is refused instead.
 */
export function isValidModelName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9 _-]*$/.test(name.trim());
}

/** The model name in upper camel case, refused when invalid or when module + name already exists. */
export function checkNewModelName(
  module: string,
  name: string,
  existingFullNames: readonly string[],
): { name: string; fullName: string; error?: string } {
  const upper = toUpperCamelCase(name);
  const fullName = fullNameOf(module, upper);
  if (!isValidModelName(name)) return { name: upper, fullName, error: MODEL_MESSAGES.invalidName };
  if (existingFullNames.includes(fullName))
    return { name: upper, fullName, error: MODEL_MESSAGES.modelExists(fullName) };
  return { name: upper, fullName };
}

/** A new model's starting column and index (spec 3 §3). */
export function newModelIdColumn(): { column: ColumnTemplate; index: IndexTemplate } {
  return {
    column: { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID', required: false },
    index: { name: 'pk_id', type: 'PRIMARY', columns: ['id'] },
  };
}

/** Switching a column to pseudo resets what a pseudo column cannot have (spec 3 §4). */
export function asPseudoColumn(column: ColumnTemplate): ColumnTemplate {
  return { ...column, type: 'pseudo', size: null, required: false, validator: '', calculate: '', defaultValue: '' };
}

/** Whether the editor may change or remove a column: not locked, not id, not a relation column. */
export function isColumnEditable(template: ModelTemplate, columnName: string): boolean {
  const column = template.columns[columnName];
  if (!column || column.isLocked || column.name === 'id') return false;
  if (column.type === 'many_to_many' || column.type === 'one_to_many') return false;
  return !Object.values(template.relations).some((r) => (r.localColumns ?? []).includes(columnName));
}

/** Index columns that are not among the columns are dropped on save. */
export function dropUnknownIndexColumns(template: ModelTemplate): ModelTemplate {
  const indices = Object.fromEntries(
    Object.entries(template.indices).map(([key, index]) => [
      key,
      { ...index, columns: index.columns.filter((c) => c in template.columns) },
    ]),
  );
  return { ...template, indices };
}

/** Whether a pseudo column's formula is a dotted parent path (searchable) rather than code. */
export function isParentPathFormula(pseudoCalc: string | null | undefined): boolean {
  return /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)+$/i.test((pseudoCalc ?? '').trim());
}

/**
 * Structural checks of a whole model template before it is saved or built: names, relations,
 * locked and parent columns compared with the previous version. Empty when valid.
 */
export function validateModelTemplate(template: ModelTemplate, previous?: ModelTemplate): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const [key, column] of Object.entries(template.columns)) {
    const field = `columns.${key}`;
    if (column.name.trim() === '') errors.push({ field, message: MODEL_MESSAGES.columnEmpty });
    else if (seen.has(column.name)) errors.push({ field, message: MODEL_MESSAGES.nameTaken });
    seen.add(column.name);
    // Pseudo columns compute their value on read and skip a formula they cannot parse; a stored
    // column's formula runs on every write.
    const reason = column.type === 'pseudo' ? undefined : formulaError(column.calculate);
    if (reason)
      errors.push({ field: `${field}.calculate`, message: calculationMessage(column.label || column.name, reason) });
  }
  for (const [key, relation] of Object.entries(template.relations)) {
    const field = `relations.${key}`;
    if (!(relation.relationType as string | undefined)) errors.push({ field, message: MODEL_MESSAGES.relationType });
    const related = relation.relationType === 'nm' ? relation.relatedTable : relation.foreignTable;
    if (!related) errors.push({ field, message: MODEL_MESSAGES.relationModel });
  }
  if (previous) errors.push(...lockedChanges(template, previous));
  return errors;
}

function lockedChanges(template: ModelTemplate, previous: ModelTemplate): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, old] of Object.entries(previous.columns)) {
    if (!old.isLocked && name !== 'id') continue;
    const now = template.columns[name];
    const changed = !now || now.type !== old.type || (isStoredColumnType(old.type) && now.size !== old.size);
    if (changed) errors.push({ field: `columns.${name}`, message: MODEL_MESSAGES.locked(name) });
  }
  const hadParent = Object.values(previous.relations).some((r) => r.relationType === 'parent');
  const hasParent = Object.values(template.relations).some((r) => r.relationType === 'parent');
  if (hadParent && !hasParent && previous.parentModel === template.parentModel)
    errors.push({ field: 'relations', message: MODEL_MESSAGES.parentRelation });
  return errors;
}
