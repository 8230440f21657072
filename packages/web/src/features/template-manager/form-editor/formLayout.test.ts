import { describe, expect, it } from 'vitest';
import type { FormField } from '@mdis/shared';
import {
  addGroup,
  canRemoveGroup,
  dropField,
  fieldsOfLayout,
  groupNameError,
  groupTitle,
  groupTargetId,
  layoutOf,
  paletteOf,
  PALETTE_ID,
  removeField,
  removeGroup,
  renameGroup,
} from './formLayout';

const field = (name: string, group?: string, order = 0): FormField => ({
  name,
  label: name,
  validators: [],
  formInput: { type: 'text' },
  group,
  order,
});

const AVAILABLE = Object.fromEntries(['box', 'slot', 'note', 'weight'].map((n) => [n, field(n, '-group1')]));
const required = (name: string) => name === 'box';

describe('layoutOf', () => {
  it('keeps groups in template order and fields by order within them', () => {
    const layout = layoutOf([field('note', 'Remarks', 0), field('slot', 'Box', 2), field('box', 'Box', 1)]);
    expect(layout.groups).toEqual([
      { id: 0, name: 'Remarks', fields: ['note'] },
      { id: 1, name: 'Box', fields: ['box', 'slot'] },
    ]);
  });

  it('starts a form without fields with the first group -group1', () => {
    expect(layoutOf([]).groups).toEqual([{ id: 0, name: '-group1', fields: [] }]);
  });
});

describe('moving fields', () => {
  const start = layoutOf([field('box', '-group1', 0)]);

  it('drags a palette field into a group and reorders within and between groups', () => {
    let layout = dropField(start, 'slot', groupTargetId(0), AVAILABLE, required);
    expect(layout.groups[0]?.fields).toEqual(['box', 'slot']);
    expect(paletteOf(layout, AVAILABLE)).toEqual(['note', 'weight']);
    layout = dropField(layout, 'note', 'box', AVAILABLE, required);
    expect(layout.groups[0]?.fields).toEqual(['note', 'box', 'slot']);
    layout = dropField(layout, 'note', 'slot', AVAILABLE, required);
    expect(layout.groups[0]?.fields).toEqual(['box', 'slot', 'note']);
    layout = addGroup(layout);
    layout = dropField(layout, 'slot', groupTargetId(1), AVAILABLE, required);
    expect(layout.groups.map((g) => g.fields)).toEqual([['box', 'note'], ['slot']]);
  });

  it('drops a field back into the palette, but never one the database requires', () => {
    let layout = dropField(start, 'slot', groupTargetId(0), AVAILABLE, required);
    layout = dropField(layout, 'slot', PALETTE_ID, AVAILABLE, required);
    expect(layout.groups[0]?.fields).toEqual(['box']);
    expect(layout.fields.slot).toBeUndefined();
    expect(dropField(layout, 'box', PALETTE_ID, AVAILABLE, required)).toBe(layout);
    expect(removeField(layout, 'box', required)).toBe(layout);
    // Dropped onto a palette field counts as the palette.
    layout = dropField(layout, 'note', groupTargetId(0), AVAILABLE, required);
    expect(dropField(layout, 'note', 'weight', AVAILABLE, required).groups[0]?.fields).toEqual(['box']);
  });
});

describe('groups', () => {
  it('adds untitled groups with unused names', () => {
    const layout = addGroup(addGroup(layoutOf([])));
    expect(layout.groups.map((g) => [g.id, g.name])).toEqual([
      [0, '-group1'],
      [1, '-group2'],
      [2, '-group3'],
    ]);
  });

  it('removes only empty groups, never the first one', () => {
    let layout = addGroup(addGroup(layoutOf([])));
    layout = dropField(layout, 'slot', groupTargetId(2), AVAILABLE, required);
    expect(layout.groups.map(canRemoveGroup)).toEqual([false, true, false]);
    expect(removeGroup(layout, 0)).toBe(layout);
    expect(removeGroup(layout, 2)).toBe(layout);
    expect(removeGroup(layout, 1).groups.map((g) => g.id)).toEqual([0, 2]);
  });

  it('renames a group unless the name is empty or taken', () => {
    const layout = addGroup(layoutOf([]));
    expect(groupNameError(layout, 1, '  ')).toBe('Group name is required');
    expect(groupNameError(layout, 1, '-group1')).toBe('The group name is taken.');
    expect(renameGroup(layout, 1, '-group1')).toBe(layout);
    const renamed = renameGroup(layout, 1, ' Storage ');
    expect(renamed.groups.map(groupTitle)).toEqual(['Group 1', 'Group 2: Storage']);
  });
});

describe('fieldsOfLayout', () => {
  it('writes group names and orders and leaves empty groups out', () => {
    let layout = addGroup(addGroup(layoutOf([field('box', '-group1', 5)])));
    layout = renameGroup(layout, 2, 'Details');
    layout = dropField(layout, 'note', groupTargetId(2), AVAILABLE, required);
    layout = dropField(layout, 'slot', groupTargetId(0), AVAILABLE, required);
    expect(fieldsOfLayout(layout).map((f) => [f.name, f.group, f.order])).toEqual([
      ['box', '-group1', 0],
      ['slot', '-group1', 1],
      ['note', 'Details', 0],
    ]);
  });
});
