/**
 * The records an archive file can belong to (the original's `archive_files`, reference §2.4):
 * one entry per level, top down, each naming the level above it. The upload screen's cascading
 * selects, the files form's filter keys, a record's file count and the server's resolution of a
 * file's parent chain all read this one table. Every `column` is the archive_file column that
 * holds the level's record id AND the column the level's children point at their parent with
 * (hole.site_id): packages/server/test/file-parent-levels.test.ts checks both against the model
 * templates' parent links and ArchiveFile's relations.
 */
export interface ArchiveFileParent {
  /** The upload screen's select name and the files form's filter key: `sectionSplit`. */
  key: string;
  /** The select's label. */
  label: string;
  /** The model of the level's records. */
  model: string;
  /** The archive_file column holding the record's id (and the children's parent link). */
  column: string;
  /** The key of the level above; '' for a top level. */
  parent: string;
  /** The column a select shows for a record. */
  text: string;
}

export const ARCHIVE_FILE_PARENTS = [
  {
    key: 'expedition',
    label: 'Expedition',
    model: 'ProjectExpedition',
    column: 'expedition_id',
    parent: '',
    text: 'exp_acronym',
  },
  { key: 'site', label: 'Site', model: 'ProjectSite', column: 'site_id', parent: 'expedition', text: 'site' },
  { key: 'hole', label: 'Hole', model: 'ProjectHole', column: 'hole_id', parent: 'site', text: 'hole' },
  { key: 'core', label: 'Core', model: 'CoreCore', column: 'core_id', parent: 'hole', text: 'core' },
  { key: 'section', label: 'Section', model: 'CoreSection', column: 'section_id', parent: 'core', text: 'section' },
  {
    key: 'sectionSplit',
    label: 'Section Split',
    model: 'CurationSectionSplit',
    column: 'section_split_id',
    parent: 'section',
    text: 'type',
  },
  {
    key: 'sample',
    label: 'Sample',
    model: 'CurationSample',
    column: 'sample_id',
    parent: 'sectionSplit',
    text: 'combined_id',
  },
  {
    key: 'sampleRequest',
    label: 'Sample Request',
    model: 'CurationSampleRequest',
    column: 'request_id',
    parent: 'expedition',
    text: 'request_no',
  },
  // The curator: files are listed and filtered by it, but it is no record the files belong to.
  {
    key: 'person',
    label: 'Person',
    model: 'ContactPerson',
    column: 'curator_contact_person_id',
    parent: '',
    text: 'person_acronym',
  },
] as const satisfies readonly ArchiveFileParent[];

/** The level naming a file's curator rather than the record it belongs to. */
export const ARCHIVE_FILE_CURATOR = 'person';

/** The levels a file can belong to (all but the curator). */
export const ARCHIVE_FILE_OWNERS: readonly ArchiveFileParent[] = ARCHIVE_FILE_PARENTS.filter(
  (level) => level.key !== ARCHIVE_FILE_CURATOR,
);

export function fileParentByKey(key: string): ArchiveFileParent | undefined {
  return ARCHIVE_FILE_PARENTS.find((level) => level.key === key);
}

export function fileParentOfModel(model: string): ArchiveFileParent | undefined {
  return ARCHIVE_FILE_PARENTS.find((level) => level.model === model);
}

/** The levels directly below a level ('' for the top ones), in table order: expedition → site, sampleRequest. */
export function fileParentChildren(key: string): ArchiveFileParent[] {
  return ARCHIVE_FILE_PARENTS.filter((level) => level.parent === key);
}

/** The levels above a level, top first: core → expedition, site, hole. */
export function fileParentAncestors(key: string): ArchiveFileParent[] {
  const chain: ArchiveFileParent[] = [];
  for (let level = fileParentByKey(fileParentByKey(key)?.parent ?? ''); level; level = fileParentByKey(level.parent)) {
    if (chain.includes(level)) break;
    chain.unshift(level);
  }
  return chain;
}

/** The column a level's records point at their parent with (the parent level's column), if any. */
export function fileParentLinkOf(level: ArchiveFileParent): string | undefined {
  return fileParentByKey(level.parent)?.column;
}

/** The owner levels deepest first: a file belongs to the deepest record chosen (sample before split …). */
export const ARCHIVE_FILE_OWNERS_DEEPEST_FIRST: readonly ArchiveFileParent[] = ARCHIVE_FILE_OWNERS.map(
  (level, index) => ({ level, index, depth: fileParentAncestors(level.key).length }),
)
  .sort((a, b) => b.depth - a.depth || a.index - b.index)
  .map(({ level }) => level);
