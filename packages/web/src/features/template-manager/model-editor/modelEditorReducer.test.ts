import { describe, expect, it } from 'vitest';
import type { ModelTemplate } from '@mdis/shared';
import { blankModel, type EditorState, type ModelRef } from './editorModel';
import { modelEditorReducer, parameterText, parseParameter, type EditorAction } from './modelEditorReducer';

const HOLE: ModelRef = { fullName: 'ProjectHole', name: 'Hole', table: 'project_hole' };
const COREBOX: ModelRef = { fullName: 'CurationCorebox', name: 'Corebox', table: 'curation_corebox' };
const TAG: ModelRef = { fullName: 'CurationTag', name: 'Tag', table: 'curation_tag' };

function run(...actions: EditorAction[]): EditorState {
  return actions.reduce(modelEditorReducer, { template: blankModel('Curation'), notice: null });
}
const columnNames = (template: ModelTemplate) => Object.keys(template.columns);

describe('model editor reducer', () => {
  it('starts with the id column and the pk_id index', () => {
    const { template } = run();
    expect(template.columns.id).toMatchObject({
      type: 'integer',
      size: 11,
      primaryKey: true,
      autoInc: true,
      label: 'ID',
    });
    expect(template.indices).toEqual({ pk_id: { name: 'pk_id', type: 'PRIMARY', columns: ['id'] } });
  });

  it('writes the model name in upper camel case with its full name and table', () => {
    const { template, notice } = run({ type: 'setName', name: 'crate box' });
    expect(template).toMatchObject({ name: 'CrateBox', fullName: 'CurationCrateBox', table: 'curation_crate_box' });
    expect(notice).toBeNull();
    expect(run({ type: 'setName', name: '!!' }).notice).toEqual({ target: 'name', message: 'Model name is invalid' });
  });

  it("refuses a name that the conversion would change silently ('123 bad-name!'): no name, Save refuses", () => {
    const { template, notice } = run({ type: 'setName', name: 'Box' }, { type: 'setName', name: '123 bad-name!' });
    expect(notice).toEqual({ target: 'name', message: 'Model name is invalid' });
    expect(template).toMatchObject({ name: '', fullName: '', table: '' });
  });

  it('adds columns in snake_case and ignores a duplicate name', () => {
    const { template } = run({ type: 'addColumn', name: 'Box Weight' }, { type: 'addColumn', name: 'box_weight' });
    expect(columnNames(template)).toEqual(['id', 'box_weight']);
    expect(template.columns.box_weight).toMatchObject({ name: 'box_weight', type: 'string', newColumnAdded: true });
  });

  it('renames in place, keeps the previous name when empty or taken', () => {
    const added = run(
      { type: 'addColumn', name: 'a' },
      { type: 'addColumn', name: 'b' },
      { type: 'addIndex', name: 'ab' },
    );
    const withIndex = modelEditorReducer(added, { type: 'updateIndex', key: 'ab', patch: { columns: ['a', 'b'] } });
    const renamed = modelEditorReducer(withIndex, { type: 'renameColumn', key: 'a', name: 'First Value' });
    expect(columnNames(renamed.template)).toEqual(['id', 'first_value', 'b']);
    expect(renamed.template.indices.ab.columns).toEqual(['first_value', 'b']);
    const taken = modelEditorReducer(renamed, { type: 'renameColumn', key: 'b', name: 'first value' });
    expect(taken.notice).toEqual({ target: 'column:b', message: 'The name is taken.' });
    expect(columnNames(taken.template)).toEqual(['id', 'first_value', 'b']);
    const empty = modelEditorReducer(renamed, { type: 'renameColumn', key: 'b', name: '  ' });
    expect(empty.notice).toEqual({ target: 'column:b', message: 'Column should not be empty string' });
  });

  it('remembers the stored name of a renamed column in oldName', () => {
    const stored = {
      ...blankModel('Curation'),
      columns: { ...blankModel('Curation').columns, box: { name: 'box', type: 'string' as const } },
    };
    const state = modelEditorReducer(
      { template: stored, notice: null },
      { type: 'renameColumn', key: 'box', name: 'crate' },
    );
    expect(state.template.columns.crate).toMatchObject({ name: 'crate', oldName: 'box' });
  });

  it('resets size, required, validator, calculate and default when a column becomes pseudo', () => {
    const state = run(
      { type: 'addColumn', name: 'label' },
      {
        type: 'updateColumn',
        key: 'label',
        patch: { required: true, validator: '>0', calculate: 'x', defaultValue: 'y' },
      },
      { type: 'updateColumn', key: 'label', patch: { type: 'pseudo' } },
    );
    expect(state.template.columns.label).toMatchObject({
      type: 'pseudo',
      size: null,
      required: false,
      validator: '',
      calculate: '',
      defaultValue: '',
    });
  });

  it('makes a pseudo column searchable for a dotted parent path, not for code', () => {
    const pseudo = run({ type: 'addColumn', name: 'p' }, { type: 'updateColumn', key: 'p', patch: { type: 'pseudo' } });
    const path = modelEditorReducer(pseudo, { type: 'updateColumn', key: 'p', patch: { pseudoCalc: 'parent.hole' } });
    expect(path.template.columns.p.searchable).toBe(true);
    const code = modelEditorReducer(path, { type: 'updateColumn', key: 'p', patch: { pseudoCalc: 'row.a + 1' } });
    expect(code.template.columns.p.searchable).toBe(false);
  });

  it('gives a column the default size of its new type', () => {
    const state = run({ type: 'addColumn', name: 'n' }, { type: 'updateColumn', key: 'n', patch: { type: 'integer' } });
    expect(state.template.columns.n.size).toBe(11);
    const double = modelEditorReducer(state, { type: 'updateColumn', key: 'n', patch: { type: 'double' } });
    expect(double.template.columns.n.size).toBeNull();
  });

  it('neither edits nor removes the id, locked and relation columns', () => {
    const state = run(
      { type: 'setName', name: 'Box' },
      { type: 'setParent', parent: HOLE },
      { type: 'updateColumn', key: 'id', patch: { label: 'x' } },
      { type: 'removeColumn', key: 'hole_id' },
      { type: 'renameColumn', key: 'hole_id', name: 'x' },
    );
    expect(state.template.columns.id.label).toBe('ID');
    expect(columnNames(state.template)).toEqual(['id', 'hole_id']);
  });

  it('moves a column to another place', () => {
    const state = run(
      { type: 'addColumn', name: 'a' },
      { type: 'addColumn', name: 'b' },
      { type: 'moveColumn', from: 'b', to: 'id' },
    );
    expect(columnNames(state.template)).toEqual(['b', 'id', 'a']);
  });

  it('replaces the parent column, index and relation when the parent changes', () => {
    const hole = run({ type: 'setName', name: 'Box' }, { type: 'setParent', parent: HOLE });
    expect(hole.template.columns.hole_id).toMatchObject({ type: 'integer', size: 11, required: true, isLocked: true });
    expect(hole.template.indices.hole_id).toEqual({ name: 'hole_id', type: 'KEY', columns: ['hole_id'] });
    expect(hole.template.relations).toEqual({
      curation_box__project_hole__parent: {
        name: 'curation_box__project_hole__parent',
        relationType: 'parent',
        foreignTable: 'project_hole',
        localColumns: ['hole_id'],
        foreignColumns: ['id'],
        isLocked: true,
      },
    });
    const corebox = modelEditorReducer(hole, { type: 'setParent', parent: COREBOX });
    expect(columnNames(corebox.template)).toEqual(['id', 'corebox_id']);
    expect(Object.keys(corebox.template.indices)).toEqual(['pk_id', 'corebox_id']);
    expect(Object.keys(corebox.template.relations)).toEqual(['curation_box__curation_corebox__parent']);
    expect(corebox.template.parentModel).toBe('CurationCorebox');
    const none = modelEditorReducer(corebox, { type: 'setParent', parent: null });
    expect(none.template).toMatchObject({ parentModel: null, relations: {} });
    expect(columnNames(none.template)).toEqual(['id']);
  });

  it('names a self-parent column parent_id', () => {
    const self = { fullName: 'CurationBox', name: 'Box', table: 'curation_box' };
    const state = run({ type: 'setName', name: 'Box' }, { type: 'setParent', parent: self });
    expect(columnNames(state.template)).toEqual(['id', 'parent_id']);
  });

  it('names relations and their pseudo columns (spec 3 §5) and re-keys them with the model name', () => {
    const models = [TAG, HOLE];
    const state = run(
      {
        type: 'addRelation',
        draft: { relationType: 'nm', relatedTable: 'curation_tag', displayColumn: 'tag' },
        models,
      },
      {
        type: 'addRelation',
        draft: { relationType: '1n', relatedTable: 'project_hole', displayColumn: 'hole' },
        models,
      },
      { type: 'setName', name: 'Box' },
    );
    expect(Object.keys(state.template.relations)).toEqual([
      'curation_box__curation_tag__curation_tag_ids_nm__nm',
      'curation_box__project_hole__project_hole_id__1n',
    ]);
    expect(state.template.columns.curation_tag_ids_nm).toMatchObject({
      type: 'many_to_many',
      relatedTable: 'curation_tag',
    });
    expect(state.template.columns.project_hole_id).toMatchObject({ type: 'integer', size: 11 });
    expect(state.template.columns.project_hole_hole_ids_1n).toMatchObject({
      type: 'one_to_many',
      displayColumn: 'hole',
    });
    const removed = modelEditorReducer(state, {
      type: 'removeRelation',
      key: 'curation_box__project_hole__project_hole_id__1n',
    });
    expect(columnNames(removed.template)).toEqual(['id', 'curation_tag_ids_nm']);
  });

  it('needs both the relation type and the related model; keeps the parent relation', () => {
    const draft = { relationType: '' as const, relatedTable: 'curation_tag', displayColumn: '' };
    expect(run({ type: 'addRelation', draft, models: [TAG] }).notice?.message).toBe(
      'A relation needs a relation type.',
    );
    const noModel = { relationType: 'nm' as const, relatedTable: '', displayColumn: '' };
    expect(run({ type: 'addRelation', draft: noModel, models: [TAG] }).notice?.message).toBe(
      'A relation needs a related model.',
    );
    const parented = run({ type: 'setName', name: 'Box' }, { type: 'setParent', parent: HOLE });
    const kept = modelEditorReducer(parented, { type: 'removeRelation', key: 'curation_box__project_hole__parent' });
    expect(kept.notice?.message).toBe('The parent relation cannot be removed.');
    expect(Object.keys(kept.template.relations)).toHaveLength(1);
  });

  it('adds snake_case indices, ignores duplicates and keeps the picked columns', () => {
    const state = run(
      { type: 'addColumn', name: 'box' },
      { type: 'addIndex', name: 'Box Unique' },
      { type: 'addIndex', name: 'box_unique' },
      { type: 'updateIndex', key: 'box_unique', patch: { type: 'UNIQUE', columns: ['box'] } },
    );
    expect(state.template.indices.box_unique).toEqual({ name: 'box_unique', type: 'UNIQUE', columns: ['box'] });
    expect(Object.keys(state.template.indices)).toEqual(['pk_id', 'box_unique']);
    const removed = modelEditorReducer(state, { type: 'removeColumn', key: 'box' });
    expect(removed.template.indices.box_unique.columns).toEqual([]);
  });

  it('adds behaviors, sets their parameters and removes those left empty', () => {
    const state = run(
      { type: 'addBehavior', behaviorClass: 'LeadingZeros' },
      { type: 'setBehaviorValue', index: 0, name: 'column', value: 'box' },
      { type: 'setBehaviorValue', index: 0, name: 'length', value: 3 },
      { type: 'setBehaviorValue', index: 0, name: 'searchFields', value: ['hole_id'] },
      { type: 'setBehaviorValue', index: 0, name: 'searchFields', value: undefined },
    );
    expect(state.template.behaviors).toEqual([
      { behaviorClass: 'LeadingZeros', parameters: { column: 'box', length: 3 } },
    ]);
    // the raw JSON field of a parameter the registry does not declare
    expect(parseParameter('true')).toBe(true);
    expect(parseParameter('["hole_id"]')).toEqual(['hole_id']);
    expect(parseParameter('box')).toBe('box');
    expect(parseParameter(' ')).toBeUndefined();
    expect(parameterText(['a'])).toBe('["a"]');
    expect(modelEditorReducer(state, { type: 'removeBehavior', index: 0 }).template.behaviors).toEqual([]);
  });
});
