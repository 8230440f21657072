import { describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS, type Widget } from '@mdis/shared';
import { mayEditDashboard, moveWidget, reorderPayload, toBoardLists } from './boardLists';

const widget = (id: number, order: number, active: 0 | 1): Widget => ({
  ...WIDGET_DEFAULTS,
  id,
  type: 'ProjectInformationWidget',
  order,
  active,
  extraSettings: {},
});

describe('who may edit the dashboard', () => {
  it.each([
    [['administrator'], true],
    [['developer'], true],
    [['operator'], false],
    [['viewer'], false],
    [['readOnly'], false],
    [['developer', 'readOnly'], false],
    [[], false],
  ])('%j → %s', (roles, expected) => {
    expect(mayEditDashboard(roles)).toBe(expected);
  });

  it('nobody when signed out', () => {
    expect(mayEditDashboard(undefined)).toBe(false);
  });
});

describe('board lists and the reorder call', () => {
  const lists = toBoardLists([widget(3, 1, 1), widget(1, 0, 1), widget(2, 2, 0), widget(4, 5, 1)]);

  it('splits the widgets into active and inactive, each by order', () => {
    expect(lists).toEqual({ active: [1, 3, 4], inactive: [2] });
  });

  it('moves a widget down and up within its area like a sortable list', () => {
    expect(moveWidget(lists, 1, 4).active).toEqual([3, 4, 1]);
    expect(moveWidget(lists, 4, 1).active).toEqual([4, 1, 3]);
  });

  it('moves a widget into the other area before the widget it is over, or to the end of the area', () => {
    expect(moveWidget(lists, 3, 2)).toEqual({ active: [1, 4], inactive: [3, 2] });
    expect(moveWidget(lists, 3, 'inactive')).toEqual({ active: [1, 4], inactive: [2, 3] });
    expect(moveWidget(lists, 2, 'active')).toEqual({ active: [1, 3, 4, 2], inactive: [] });
  });

  it('leaves the lists alone for an unknown target', () => {
    expect(moveWidget(lists, 99, 1)).toBe(lists);
  });

  it('sends the ordered list as active with the index as order, the rest inactive after them', () => {
    expect(reorderPayload({ active: [4, 1], inactive: [3, 2] })).toEqual([
      { id: 4, order: 0, active: 1 },
      { id: 1, order: 1, active: 1 },
      { id: 3, order: 2, active: 0 },
      { id: 2, order: 3, active: 0 },
    ]);
  });
});
