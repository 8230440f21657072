import { ARCHIVE_FILE_PARENTS } from '@mdis/shared';
import { describe, expect, it } from 'vitest';
import { fileOwner, filesFilterOf, filesFormPathOf } from './recordFiles';

const core = { id: 4, hole_id: 3, site_id: 2, expedition_id: 1, program_id: 9, combined_id: '5065_1_A_004' };

describe("a record's files", () => {
  it('are counted by the ArchiveFile column of the record model', () => {
    expect(fileOwner('CoreCore', core)).toEqual({ column: 'core_id', id: 4 });
    expect(fileOwner('CurationSampleRequest', { id: 7 })).toEqual({ column: 'request_id', id: 7 });
    expect(fileOwner('ContactPerson', { id: 2 })).toEqual({ column: 'curator_contact_person_id', id: 2 });
    expect(fileOwner('ProjectProgram', { id: 9 })).toBeNull();
    expect(fileOwner('CoreCore', null)).toBeNull();
  });

  it("are shown by the files form filtered down to the record (the original's archive_files.filter)", () => {
    expect(filesFilterOf('CoreCore', core)).toEqual({ expedition: 1, site: 2, hole: 3, core: 4 });
    expect(filesFilterOf('ProjectExpedition', { id: 1 })).toEqual({ expedition: 1 });
    expect(filesFilterOf('CurationSampleRequest', { id: 7, expedition_id: 1 })).toEqual({
      expedition: 1,
      sampleRequest: 7,
    });
    expect(filesFilterOf('ContactPerson', { id: 2 })).toEqual({ person: 2 });
    expect(filesFormPathOf('CoreCore', core)).toBe(
      `/forms/files-form?filter=${encodeURIComponent('expedition:1,site:2,hole:3,core:4')}`,
    );
    expect(filesFormPathOf('ProjectProgram', { id: 9 })).toBe('/forms/files-form');
  });

  it('are counted for every archive-file parent level the upload screen assigns to (one table, in shared)', () => {
    for (const level of ARCHIVE_FILE_PARENTS)
      expect(fileOwner(level.model, { id: 5 })).toEqual({ column: level.column, id: 5 });
  });
});
