import { ARCHIVE_FILE_PARENTS, fileParentByKey, fileParentLinkOf } from '@mdis/shared';
import { describe, expect, it } from 'vitest';
import { parentColumnOf } from '../src/engine/records/record-model';
import { loadDrillingTemplates } from '../src/seed/drilling-model';

/**
 * The archive-file parent levels live once, in shared; the drilling templates are what they
 * must agree with: every level's model exists with its text column, its parent level is its
 * model's parent, the column pointing there is the parent level's column, and archive_file
 * has a column with a relation to the level's table.
 */
describe('the archive-file parent levels and the drilling templates', () => {
  const { models } = loadDrillingTemplates();
  const model = (name: string) => {
    const found = models.find((m) => m.fullName === name);
    if (!found) throw new Error(`no model template ${name}`);
    return found;
  };
  const archiveFile = model('ArchiveFile');

  it.each(ARCHIVE_FILE_PARENTS.map((level) => [level.key, level] as const))('%s', (_key, level) => {
    const template = model(level.model);
    expect(Object.keys(template.columns)).toContain(level.text);
    const parent = fileParentByKey(level.parent);
    if (parent) {
      expect(template.parentModel).toBe(parent.model);
      expect(parentColumnOf(template, model(parent.model))).toBe(fileParentLinkOf(level));
    }
    expect(Object.keys(archiveFile.columns)).toContain(level.column);
    const relation = Object.values(archiveFile.relations).find((r) => r.localColumns?.[0] === level.column);
    expect(relation?.foreignTable).toBe(template.table);
  });
});
