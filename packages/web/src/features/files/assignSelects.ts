import { ARCHIVE_FILE_CURATOR, ARCHIVE_FILE_PARENTS } from '@mdis/shared';

/** The cascading selects that choose the record files are assigned to (issue 6 item 2). */
export interface AssignSelect {
  key: string;
  label: string;
  /** The select whose choice lists this one's options ('' for the top ones). */
  parent: string;
}

/** One select per archive-file parent level (shared), in its order: the server names them alike. */
export const ASSIGN_SELECTS: readonly AssignSelect[] = ARCHIVE_FILE_PARENTS.map(({ key, label, parent }) => ({
  key,
  label,
  parent,
}));

/** Select key → the ArchiveFile column the assign call sets. */
export const ASSIGN_COLUMNS: Readonly<Record<string, string>> = Object.fromEntries(
  ARCHIVE_FILE_PARENTS.map((level) => [level.key, level.column]),
);

export type AssignSelection = Partial<Record<string, number>>;

export interface SelectOption {
  value: number;
  text: string;
}

/** Every select that depends on `key`, directly or through others. */
export function dependentSelects(key: string): string[] {
  const found: string[] = [];
  let frontier = [key];
  while (frontier.length > 0) {
    const children = ASSIGN_SELECTS.filter((s) => frontier.includes(s.parent)).map((s) => s.key);
    found.push(...children);
    frontier = children;
  }
  return found;
}

/** The selection after choosing (null: clearing) one select: the selects below it are cleared. */
export function chooseSelect(selection: AssignSelection, key: string, value: number | null): AssignSelection {
  const dropped = new Set([key, ...(selection[key] === value ? [] : dependentSelects(key))]);
  const next: AssignSelection = {};
  for (const [k, v] of Object.entries(selection)) if (!dropped.has(k)) next[k] = v;
  if (value !== null) next[key] = value;
  return next;
}

/** A select can be used once the select it depends on is chosen. */
export function selectEnabled(select: AssignSelect, selection: AssignSelection): boolean {
  return select.parent === '' || selection[select.parent] !== undefined;
}

/** Only the known selects with a chosen parent, taken from the route's `filter` (e.g. the core form's). */
export function initialAssignSelection(routeFilter: Partial<Record<string, number | string>>): AssignSelection {
  let selection: AssignSelection = {};
  for (const select of ASSIGN_SELECTS) {
    const value = Number(routeFilter[select.key]);
    if (Number.isInteger(value) && value > 0 && selectEnabled(select, selection))
      selection = { ...selection, [select.key]: value };
  }
  return selection;
}

/** The parent columns of the assign call: `{ expedition_id: 1, …, core_id: 4 }`. */
export function assignColumns(selection: AssignSelection): Record<string, number> {
  const columns: Record<string, number> = {};
  for (const [key, value] of Object.entries(selection)) {
    const column = ASSIGN_COLUMNS[key];
    if (column && value !== undefined) columns[column] = value;
  }
  return columns;
}

/** Files need a record of the drilling chain or a sample request (a person alone is a curator). */
export function hasAssignTarget(selection: AssignSelection): boolean {
  return Object.keys(selection).some((key) => key !== ARCHIVE_FILE_CURATOR);
}
