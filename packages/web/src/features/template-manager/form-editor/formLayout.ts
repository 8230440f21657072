import type { FormField } from '@mdis/shared';

/**
 * The editor's arrangement of a form (spec 3 §5 form template rules): named groups of field names,
 * the settings of every placed field, and the palette of the fields not placed. Groups live by id;
 * the template keeps only their names, so an empty group disappears on save.
 */

export interface FieldGroupState {
  id: number;
  name: string;
  /** Field names in their order within the group. */
  fields: string[];
}

export interface FormLayout {
  groups: FieldGroupState[];
  /** Settings of every placed field, by name. */
  fields: Partial<Record<string, FormField>>;
}

/** Fields by name; a name need not be among them. */
export type FieldMap = Readonly<Partial<Record<string, FormField>>>;

/** The drop target of the palette; group targets are `group-{id}`. */
export const PALETTE_ID = 'palette';
export const FIRST_GROUP_ID = 0;

export const GROUP_MESSAGES = {
  nameRequired: 'Group name is required',
  nameTaken: 'The group name is taken.',
} as const;

export const groupTargetId = (id: number) => `group-${String(id)}`;

/** `group-3` → 3; the palette and field names → null. */
export function groupIdOfTarget(target: string): number | null {
  const match = /^group-(\d+)$/.exec(target);
  return match ? Number(match[1]) : null;
}

const DEFAULT_GROUP = '-group1';

/** Groups in the order they first appear in the template, fields by `order` (template order on ties). */
export function layoutOf(fields: readonly FormField[]): FormLayout {
  const byGroup = new Map<string, FormField[]>();
  for (const field of fields) {
    const name = field.group?.trim() || DEFAULT_GROUP;
    byGroup.set(name, [...(byGroup.get(name) ?? []), field]);
  }
  const groups = [...byGroup].map(([name, members], id) => ({
    id,
    name,
    fields: members
      .map((field, index) => ({ field, index }))
      .sort((a, b) => (a.field.order ?? 0) - (b.field.order ?? 0) || a.index - b.index)
      .map(({ field }) => field.name),
  }));
  return {
    groups: groups.length > 0 ? groups : [{ id: FIRST_GROUP_ID, name: DEFAULT_GROUP, fields: [] }],
    fields: Object.fromEntries(fields.map((field) => [field.name, field])),
  };
}

/** The available fields not in any group, in the order the seed lists them. */
export function paletteOf(layout: FormLayout, available: FieldMap): string[] {
  const placed = new Set(layout.groups.flatMap((g) => g.fields));
  return Object.keys(available).filter((name) => !placed.has(name));
}

/** Where a field is: the id of its group, or null when it is in the palette. */
export function groupOfField(layout: FormLayout, name: string): number | null {
  return layout.groups.find((g) => g.fields.includes(name))?.id ?? null;
}

function withoutField(groups: readonly FieldGroupState[], name: string): FieldGroupState[] {
  return groups.map((g) => (g.fields.includes(name) ? { ...g, fields: g.fields.filter((f) => f !== name) } : g));
}

/**
 * Moves a field into a group at `index` (at the end when left out), from the palette or from
 * another place in the form. A field coming from the palette takes its seed settings.
 */
export function placeField(
  layout: FormLayout,
  name: string,
  groupId: number,
  available: FieldMap,
  index?: number,
): FormLayout {
  const settings = layout.fields[name] ?? available[name];
  if (!settings || !layout.groups.some((g) => g.id === groupId)) return layout;
  const groups = withoutField(layout.groups, name).map((g) => {
    if (g.id !== groupId) return g;
    const at = index === undefined ? g.fields.length : Math.max(0, Math.min(index, g.fields.length));
    return { ...g, fields: [...g.fields.slice(0, at), name, ...g.fields.slice(at)] };
  });
  return { groups, fields: { ...layout.fields, [name]: settings } };
}

/** Back to the palette; a field the database requires stays in the form (spec 3 §5). */
export function removeField(layout: FormLayout, name: string, isDatabaseRequired: (name: string) => boolean) {
  if (isDatabaseRequired(name)) return layout;
  const fields = Object.fromEntries(Object.entries(layout.fields).filter(([key]) => key !== name));
  return { groups: withoutField(layout.groups, name), fields };
}

/**
 * A drop of dnd-kit: `over` is a field name (drop before it, or after it when moving down in the same
 * group), a group target, or the palette.
 */
export function dropField(
  layout: FormLayout,
  name: string,
  over: string,
  available: FieldMap,
  isDatabaseRequired: (name: string) => boolean,
): FormLayout {
  if (over === name) return layout;
  if (over === PALETTE_ID || (groupOfField(layout, over) === null && over in available))
    return removeField(layout, name, isDatabaseRequired);
  const targetGroup = groupIdOfTarget(over);
  if (targetGroup !== null) return placeField(layout, name, targetGroup, available);
  const overGroup = groupOfField(layout, over);
  if (overGroup === null) return layout;
  // Taking the field out first shifts the ones after it: moving down in its own group it lands
  // after the one it was dropped on, as dnd-kit's arrayMove does; from elsewhere it lands before.
  const overIndex = layout.groups.find((g) => g.id === overGroup)?.fields.indexOf(over) ?? 0;
  return placeField(layout, name, overGroup, available, overIndex);
}

function unusedGroupName(groups: readonly FieldGroupState[]): string {
  const names = new Set(groups.map((g) => g.name));
  let n = groups.length + 1;
  while (names.has(`-group${String(n)}`)) n += 1;
  return `-group${String(n)}`;
}

/** A new empty group at the end, untitled ('-group{n}') until renamed. */
export function addGroup(layout: FormLayout): FormLayout {
  const id = Math.max(...layout.groups.map((g) => g.id)) + 1;
  return { ...layout, groups: [...layout.groups, { id, name: unusedGroupName(layout.groups), fields: [] }] };
}

/** Only an empty group other than the first (id 0) can be removed. */
export function canRemoveGroup(group: FieldGroupState): boolean {
  return group.id !== FIRST_GROUP_ID && group.fields.length === 0;
}

export function removeGroup(layout: FormLayout, id: number): FormLayout {
  const group = layout.groups.find((g) => g.id === id);
  if (!group || !canRemoveGroup(group)) return layout;
  return { ...layout, groups: layout.groups.filter((g) => g.id !== id) };
}

/** The message for a proposed group name, or null when it can be taken. */
export function groupNameError(layout: FormLayout, id: number, name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed === '-') return GROUP_MESSAGES.nameRequired;
  if (layout.groups.some((g) => g.id !== id && g.name === trimmed)) return GROUP_MESSAGES.nameTaken;
  return null;
}

export function renameGroup(layout: FormLayout, id: number, name: string): FormLayout {
  if (groupNameError(layout, id, name) !== null) return layout;
  return { ...layout, groups: layout.groups.map((g) => (g.id === id ? { ...g, name: name.trim() } : g)) };
}

export function updateField(layout: FormLayout, field: FormField): FormLayout {
  if (!(field.name in layout.fields)) return layout;
  return { ...layout, fields: { ...layout.fields, [field.name]: field } };
}

/** The template's fields: group name and order from the arrangement; empty groups leave no trace. */
export function fieldsOfLayout(layout: FormLayout): FormField[] {
  return layout.groups.flatMap((group) =>
    group.fields.flatMap((name, order) => {
      const field = layout.fields[name];
      return field ? [{ ...field, group: group.name, order }] : [];
    }),
  );
}

/** How the editor names a group by position: 'Group 2'. */
export const groupLabel = (index: number) => `Group ${String(index + 1)}`;

/** 'Group 2', or 'Group 2: Details' when the group has a heading (names starting with '-' have none). */
export function groupTitle(group: FieldGroupState, index: number): string {
  return group.name.startsWith('-') ? groupLabel(index) : `${groupLabel(index)}: ${group.name}`;
}
