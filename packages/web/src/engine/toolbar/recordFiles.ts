import type { FormRecord } from '../api/records.api';
import { encodeRouteFilter, type FilterSelection } from '../filter-bar/filterCascade';

/**
 * The models an archive file can belong to, with the files form's filter key and the ArchiveFile
 * column that holds the record's id (reference §2.4; the original's `archive_files.filter`).
 */
export const FILE_PARENTS = [
  { key: 'expedition', model: 'ProjectExpedition', column: 'expedition_id' },
  { key: 'site', model: 'ProjectSite', column: 'site_id' },
  { key: 'hole', model: 'ProjectHole', column: 'hole_id' },
  { key: 'core', model: 'CoreCore', column: 'core_id' },
  { key: 'section', model: 'CoreSection', column: 'section_id' },
  { key: 'sectionSplit', model: 'CurationSectionSplit', column: 'section_split_id' },
  { key: 'sample', model: 'CurationSample', column: 'sample_id' },
  { key: 'sampleRequest', model: 'CurationSampleRequest', column: 'request_id' },
  { key: 'person', model: 'ContactPerson', column: 'curator_contact_person_id' },
] as const;

export const FILES_FORM_PATH = '/forms/files-form';

function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** The ArchiveFile column and id that select a record's files, or null when files cannot belong to it. */
export function fileOwner(dataModel: string, record: FormRecord | null): { column: string; id: number } | null {
  const parent = FILE_PARENTS.find((p) => p.model === dataModel);
  const id = idOf(record?.id);
  return parent && id !== null ? { column: parent.column, id } : null;
}

/**
 * The files form's filter for a record's files: the record's ancestors down to the record itself
 * (`expedition:1,site:2,hole:3,core:4` for a core), as the original's `archive_files.filter`.
 */
export function filesFilterOf(dataModel: string, record: FormRecord | null): FilterSelection {
  const own = FILE_PARENTS.findIndex((p) => p.model === dataModel);
  const selection: FilterSelection = {};
  if (own < 0 || !record) return selection;
  // a sample request hangs off the expedition; a person off nothing (the files form filters by curator)
  const chainEnd = FILE_PARENTS[own].key === 'sampleRequest' ? 1 : own;
  const chain = own <= FILE_PARENTS.findIndex((p) => p.key === 'sampleRequest') ? FILE_PARENTS.slice(0, chainEnd) : [];
  for (const parent of chain) {
    const id = idOf(record[parent.column]);
    if (id !== null) selection[parent.key] = id;
  }
  const id = idOf(record.id);
  if (id !== null) selection[FILE_PARENTS[own].key] = id;
  return selection;
}

/** `/forms/files-form?filter=…`: the files form showing the record's files. */
export function filesFormPathOf(dataModel: string, record: FormRecord | null): string {
  const filter = encodeRouteFilter(filesFilterOf(dataModel, record));
  return filter ? `${FILES_FORM_PATH}?filter=${encodeURIComponent(filter)}` : FILES_FORM_PATH;
}
