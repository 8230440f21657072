import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_FILE_OWNERS_DEEPEST_FIRST,
  fileParentAncestors,
  fileParentByKey,
  fileParentChildren,
  fileParentLinkOf,
  fileParentOfModel,
} from './archive-file-parents';

const keys = (levels: readonly { key: string }[]) => levels.map((level) => level.key);

describe('the archive-file parent levels', () => {
  it('narrow each other as the upload screen cascades its selects', () => {
    expect(keys(fileParentChildren(''))).toEqual(['expedition', 'person']);
    expect(keys(fileParentChildren('expedition'))).toEqual(['site', 'sampleRequest']);
    expect(keys(fileParentChildren('sectionSplit'))).toEqual(['sample']);
    expect(keys(fileParentChildren('sample'))).toEqual([]);
  });

  it('know the ancestors of a level, top first, and the column pointing at the parent', () => {
    expect(keys(fileParentAncestors('core'))).toEqual(['expedition', 'site', 'hole']);
    expect(keys(fileParentAncestors('sampleRequest'))).toEqual(['expedition']);
    expect(keys(fileParentAncestors('person'))).toEqual([]);
    const sample = fileParentOfModel('CurationSample');
    expect(sample && fileParentLinkOf(sample)).toBe('section_split_id');
    const expedition = fileParentByKey('expedition');
    expect(expedition && fileParentLinkOf(expedition)).toBeUndefined();
  });

  it('resolve a file to the deepest record chosen; the curator is no owner', () => {
    expect(keys(ARCHIVE_FILE_OWNERS_DEEPEST_FIRST)).toEqual([
      'sample',
      'sectionSplit',
      'section',
      'core',
      'hole',
      'site',
      'sampleRequest',
      'expedition',
    ]);
  });
});
