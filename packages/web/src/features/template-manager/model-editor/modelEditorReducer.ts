import {
  addNamed,
  isValidModelName,
  MODEL_MESSAGES,
  toSnakeCase,
  type ColumnTemplate,
  type IndexTemplate,
  type ModelTemplate,
} from '@mdis/shared';
import { addColumn, moveColumn, removeColumn, renameColumn, updateColumn } from './columnEdits';
import { entryOf, fromEntries, renameKey, withModelName, type EditorState, type ModelRef } from './editorModel';
import { addRelation, removeRelation, setParent, type RelationDraft } from './linkEdits';

/** Every change the data-model editor makes, as data: the rules are tested without the DOM. */
export type EditorAction =
  | { type: 'load'; template: ModelTemplate }
  | { type: 'setName'; name: string }
  | { type: 'setParent'; parent: ModelRef | null }
  | { type: 'addColumn'; name: string }
  | { type: 'renameColumn'; key: string; name: string }
  | { type: 'updateColumn'; key: string; patch: Partial<ColumnTemplate> }
  | { type: 'removeColumn'; key: string }
  | { type: 'moveColumn'; from: string; to: string }
  | { type: 'addIndex'; name: string }
  | { type: 'renameIndex'; key: string; name: string }
  | { type: 'updateIndex'; key: string; patch: Partial<Pick<IndexTemplate, 'type' | 'columns'>> }
  | { type: 'removeIndex'; key: string }
  | { type: 'addRelation'; draft: RelationDraft; models: readonly ModelRef[] }
  | { type: 'removeRelation'; key: string }
  | { type: 'addBehavior'; behaviorClass: string }
  /** A parameter's value as the template stores it (string, number, array, …); undefined removes it. */
  | { type: 'setBehaviorValue'; index: number; name: string; value: unknown }
  | { type: 'removeBehavior'; index: number }
  | { type: 'dismissNotice' };

const fine = (template: ModelTemplate): EditorState => ({ template, notice: null });

/**
 * A parameter as typed: JSON when it reads as JSON (["hole_id"], true, 3), otherwise the text
 * itself; empty removes the parameter so the behavior's own default applies.
 */
export function parseParameter(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

/** The text field's value for a stored parameter. */
export function parameterText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function renameIndex(template: ModelTemplate, key: string, proposed: string): EditorState {
  const index = entryOf(template.indices, key);
  const name = toSnakeCase(proposed);
  if (!index || index.isLocked || name === '' || name === key || name in template.indices) return fine(template);
  return fine({ ...template, indices: renameKey(template.indices, key, name, { ...index, name }) });
}

function editIndices(template: ModelTemplate, action: EditorAction): EditorState {
  const { indices } = template;
  switch (action.type) {
    case 'addIndex':
      return fine({ ...template, indices: addNamed(indices, { name: action.name, type: 'KEY', columns: [] }) });
    case 'renameIndex':
      return renameIndex(template, action.key, action.name);
    case 'updateIndex': {
      const index = entryOf(indices, action.key);
      if (!index || index.isLocked) return fine(template);
      return fine({ ...template, indices: { ...indices, [action.key]: { ...index, ...action.patch } } });
    }
    case 'removeIndex':
      if (entryOf(indices, action.key)?.isLocked) return fine(template);
      return fine({ ...template, indices: fromEntries(Object.entries(indices).filter(([k]) => k !== action.key)) });
    default:
      return fine(template);
  }
}

function editBehaviors(template: ModelTemplate, action: EditorAction): EditorState {
  const { behaviors } = template;
  switch (action.type) {
    case 'addBehavior':
      return fine({ ...template, behaviors: [...behaviors, { behaviorClass: action.behaviorClass, parameters: {} }] });
    case 'setBehaviorValue': {
      const { value } = action;
      const changed = behaviors.map((behavior, i) => {
        if (i !== action.index) return behavior;
        const { [action.name]: _old, ...rest } = behavior.parameters ?? {};
        return { ...behavior, parameters: value === undefined ? rest : { ...rest, [action.name]: value } };
      });
      return fine({ ...template, behaviors: changed });
    }
    case 'removeBehavior':
      return fine({ ...template, behaviors: behaviors.filter((_, i) => i !== action.index) });
    default:
      return fine(template);
  }
}

export function modelEditorReducer(state: EditorState, action: EditorAction): EditorState {
  const { template } = state;
  switch (action.type) {
    case 'load':
      return fine(action.template);
    case 'dismissNotice':
      return fine(template);
    case 'setName':
      // An invalid name is not converted into a valid-looking one: the name stays empty, so Save refuses too.
      return isValidModelName(action.name)
        ? fine(withModelName(template, action.name))
        : { template: withModelName(template, ''), notice: { target: 'name', message: MODEL_MESSAGES.invalidName } };
    case 'setParent':
      return setParent(template, action.parent);
    case 'addColumn':
      return addColumn(template, action.name);
    case 'renameColumn':
      return renameColumn(template, action.key, action.name);
    case 'updateColumn':
      return updateColumn(template, action.key, action.patch);
    case 'removeColumn':
      return removeColumn(template, action.key);
    case 'moveColumn':
      return moveColumn(template, action.from, action.to);
    case 'addRelation':
      return addRelation(template, action.draft, action.models);
    case 'removeRelation':
      return removeRelation(template, action.key);
    case 'addIndex':
    case 'renameIndex':
    case 'updateIndex':
    case 'removeIndex':
      return editIndices(template, action);
    default:
      return editBehaviors(template, action);
  }
}
