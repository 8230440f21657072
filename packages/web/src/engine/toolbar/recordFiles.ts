import { fileParentAncestors, fileParentOfModel } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { encodeRouteFilter, type FilterSelection } from '../filter-bar/filterCascade';

export const FILES_FORM_PATH = '/forms/files-form';
/** 'show files' opens the files form beside the record's form, in this one window (as a sub-form's `{form}-window`). */
export const FILES_WINDOW = 'files-window';

function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** The ArchiveFile column and id that select a record's files, or null when files cannot belong to it. */
export function fileOwner(dataModel: string, record: FormRecord | null): { column: string; id: number } | null {
  // The levels a file can belong to: one table in shared, for the toolbar, the upload screen and the server.
  const parent = fileParentOfModel(dataModel);
  const id = idOf(record?.id);
  return parent && id !== null ? { column: parent.column, id } : null;
}

/**
 * The files form's filter for a record's files: the record's ancestors down to the record itself
 * (`expedition:1,site:2,hole:3,core:4` for a core), as the original's `archive_files.filter`.
 */
export function filesFilterOf(dataModel: string, record: FormRecord | null): FilterSelection {
  const own = fileParentOfModel(dataModel);
  const selection: FilterSelection = {};
  if (!own || !record) return selection;
  // The record's ancestors by the parent links: a sample request hangs off the expedition, a person off nothing.
  for (const parent of fileParentAncestors(own.key)) {
    const id = idOf(record[parent.column]);
    if (id !== null) selection[parent.key] = id;
  }
  const id = idOf(record.id);
  if (id !== null) selection[own.key] = id;
  return selection;
}

/** `/forms/files-form?filter=…`: the files form showing the record's files. */
export function filesFormPathOf(dataModel: string, record: FormRecord | null): string {
  const filter = encodeRouteFilter(filesFilterOf(dataModel, record));
  return filter ? `${FILES_FORM_PATH}?filter=${encodeURIComponent(filter)}` : FILES_FORM_PATH;
}
