import {
  addNamed,
  asPseudoColumn,
  isColumnEditable,
  isParentPathFormula,
  renameColumnName,
  type ColumnTemplate,
  type ColumnType,
  type ModelTemplate,
} from '@mdis/shared';
import { entryOf, fromEntries, moveKey, renameKey, type EditorState } from './editorModel';

/** A column the user adds: a string column until told otherwise; schema sync adds it to the table. */
export function newColumn(name: string): ColumnTemplate {
  return { name, type: 'string', size: 255, label: '', required: false, newColumnAdded: true };
}

const state = (template: ModelTemplate): EditorState => ({ template, notice: null });

/** New names in snake_case; a name already used is ignored (spec 3 §5). */
export function addColumn(template: ModelTemplate, rawName: string): EditorState {
  return state({ ...template, columns: addNamed(template.columns, newColumn(rawName)) });
}

/** Index columns follow a renamed or removed column. */
function indicesWithColumn(template: ModelTemplate, from: string, to: string | null): ModelTemplate['indices'] {
  return fromEntries(
    Object.entries(template.indices).map(([key, index]) => [
      key,
      {
        ...index,
        columns: index.columns.flatMap((c) => (c !== from ? [c] : to === null ? [] : [to])),
      },
    ]),
  );
}

/**
 * Renames a column in place: snake_case; 'Column should not be empty string' or 'The name is
 * taken.' keep the previous name. The column remembers its first name in oldName so schema sync
 * renames the table column instead of dropping its data.
 */
export function renameColumn(template: ModelTemplate, key: string, proposed: string): EditorState {
  const column = entryOf(template.columns, key);
  if (!column || !isColumnEditable(template, key)) return state(template);
  const taken = Object.keys(template.columns).filter((name) => name !== key);
  const result = renameColumnName(key, proposed, taken);
  if (result.error) return { template, notice: { target: `column:${key}`, message: result.error } };
  if (result.name === key) return state(template);
  // harmless for a column the table does not have yet: schema sync only renames live columns
  const renamed = { ...column, name: result.name, oldName: column.oldName ?? key };
  return state({
    ...template,
    columns: renameKey(template.columns, key, result.name, renamed),
    indices: indicesWithColumn(template, key, result.name),
  });
}

/** The size a column takes when its type changes: only strings and integers have one. */
const DEFAULT_SIZES: Partial<Record<ColumnType, number>> = { string: 255, string_multiple: 255, integer: 11 };

/**
 * Changes attributes; a new type brings its default size, and switching to pseudo resets size,
 * required, validator, calculate and default value (spec 3 §4).
 */
export function updateColumn(template: ModelTemplate, key: string, patch: Partial<ColumnTemplate>): EditorState {
  const column = entryOf(template.columns, key);
  if (!column || !isColumnEditable(template, key)) return state(template);
  const type = patch.type ?? column.type;
  const retyped = type !== column.type;
  const sized = retyped && !('size' in patch) ? { ...patch, size: DEFAULT_SIZES[type] ?? null } : patch;
  const changed = retyped && type === 'pseudo' ? asPseudoColumn({ ...column, ...sized }) : { ...column, ...sized };
  // a dotted parent path can be searched, code using the current row cannot (spec 3 §5)
  if (type === 'pseudo' && 'pseudoCalc' in patch) changed.searchable = isParentPathFormula(patch.pseudoCalc);
  return state({ ...template, columns: { ...template.columns, [key]: changed } });
}

export function removeColumn(template: ModelTemplate, key: string): EditorState {
  if (!isColumnEditable(template, key)) return state(template);
  const columns = fromEntries(Object.entries(template.columns).filter(([name]) => name !== key));
  return state({ ...template, columns, indices: indicesWithColumn(template, key, null) });
}

export function moveColumn(template: ModelTemplate, from: string, to: string): EditorState {
  return state({ ...template, columns: moveKey(template.columns, from, to) });
}
