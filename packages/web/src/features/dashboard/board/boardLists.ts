import { hasRole, isReadOnly, type Widget, type WidgetReorder } from '@mdis/shared';

export type ContainerId = 'active' | 'inactive';
export const CONTAINERS: readonly ContainerId[] = ['active', 'inactive'];

/** The widget ids of each area, in display order. */
export type BoardLists = Record<ContainerId, number[]>;

/** Only administrator and developer edit the dashboard (spec 2 §6); read-only never does. */
export function mayEditDashboard(roles: readonly string[] | undefined): boolean {
  return roles !== undefined && hasRole(roles, 'developer') && !isReadOnly(roles);
}

export function toBoardLists(widgets: readonly Widget[]): BoardLists {
  const sorted = [...widgets].sort((a, b) => a.order - b.order || a.id - b.id);
  return {
    active: sorted.filter((w) => w.active === 1).map((w) => w.id),
    inactive: sorted.filter((w) => w.active !== 1).map((w) => w.id),
  };
}

/** Which area holds `id`: an area's own id names the area (a drop on its empty space). */
export function containerOf(lists: BoardLists, id: number | string): ContainerId | undefined {
  if (id === 'active' || id === 'inactive') return id;
  return CONTAINERS.find((container) => lists[container].includes(Number(id)));
}

/**
 * Moves `id` to where `overId` is: before that widget, or to the end when over an area. Within
 * one area this is the sortable's reordering; across areas it changes the widget's active state.
 */
export function moveWidget(lists: BoardLists, id: number, overId: number | string): BoardLists {
  const from = containerOf(lists, id);
  const to = containerOf(lists, overId);
  if (!from || !to) return lists;
  const source = lists[from].filter((other) => other !== id);
  const target = from === to ? source : [...lists[to]];
  const overIndex = typeof overId === 'number' ? lists[to].indexOf(overId) : -1;
  const index = overIndex < 0 ? target.length : overIndex;
  target.splice(index, 0, id);
  return from === to ? { ...lists, [to]: target } : { ...lists, [from]: source, [to]: target };
}

/**
 * The reorder call's body (spec 2 §4): the ordered list becomes active with the index as order,
 * every other widget inactive; inactive ones are numbered after the active ones, so orders stay
 * unique and the inactive area keeps its order too.
 */
export function reorderPayload(lists: BoardLists): WidgetReorder {
  return [
    ...lists.active.map((id, order) => ({ id, order, active: 1 as const })),
    ...lists.inactive.map((id, index) => ({ id, order: lists.active.length + index, active: 0 as const })),
  ];
}

export function sameLists(a: BoardLists, b: BoardLists): boolean {
  return CONTAINERS.every((c) => a[c].length === b[c].length && a[c].every((id, i) => b[c][i] === id));
}
