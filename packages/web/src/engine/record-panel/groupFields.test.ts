import { describe, expect, it } from 'vitest';
import { makeField } from '../fields/test/renderPanel';
import { groupFields } from './groupFields';

const fields = [
  makeField({ name: 'b', group: 'Core Details', order: 1 }),
  makeField({ name: 'x', group: '-group1', order: 0 }),
  makeField({ name: 'a', group: 'Core Details', order: 0 }),
  makeField({ name: 'n', group: null, order: 0 }),
];

describe('groupFields', () => {
  it('groups in order of first appearance, fields by order, "-" groups untitled', () => {
    const groups = groupFields(fields);
    expect(groups.map((g) => [g.title, g.fields.map((f) => f.name)])).toEqual([
      ['Core Details', ['a', 'b']],
      [null, ['x']],
      [null, ['n']],
    ]);
  });

  it('puts every field into one untitled group when compact', () => {
    const groups = groupFields(fields, true);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.title).toBeNull();
    expect(groups[0]?.fields.map((f) => f.name)).toEqual(['a', 'b', 'x', 'n']);
  });
});
