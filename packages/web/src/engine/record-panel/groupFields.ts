import type { FormField } from '@mdis/shared';

export interface FieldGroup {
  /** The group's name as the template gives it. */
  name: string;
  /** The heading shown, or null for groups whose name starts with '-' (and the compact group). */
  title: string | null;
  fields: FormField[];
}

const UNTITLED = '-';

/**
 * Fields in their groups, groups in the order they first appear, fields by `order` within a group
 * (template order on ties). Compact display puts every field into one untitled group, keeping that order.
 */
export function groupFields(fields: readonly FormField[], compact = false): FieldGroup[] {
  const groups = new Map<string, FormField[]>();
  for (const field of fields) {
    const name = field.group?.trim() || UNTITLED;
    groups.set(name, [...(groups.get(name) ?? []), field]);
  }
  const sorted = [...groups].map(([name, members]) => ({
    name,
    title: name.startsWith('-') ? null : name,
    fields: members
      .map((field, index) => ({ field, index }))
      .sort((a, b) => (a.field.order ?? 0) - (b.field.order ?? 0) || a.index - b.index)
      .map(({ field }) => field),
  }));
  if (!compact) return sorted;
  return [{ name: UNTITLED, title: null, fields: sorted.flatMap((group) => group.fields) }];
}
