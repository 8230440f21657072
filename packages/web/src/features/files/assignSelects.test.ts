import { describe, expect, it } from 'vitest';
import {
  ASSIGN_SELECTS,
  assignColumns,
  chooseSelect,
  dependentSelects,
  hasAssignTarget,
  initialAssignSelection,
  selectEnabled,
} from './assignSelects';

const select = (key: string) => {
  const found = ASSIGN_SELECTS.find((s) => s.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('cascading assign selects', () => {
  it('knows what each select narrows, down to the sample', () => {
    expect(dependentSelects('expedition')).toEqual([
      'site',
      'sampleRequest',
      'hole',
      'core',
      'section',
      'sectionSplit',
      'sample',
    ]);
    expect(dependentSelects('core')).toEqual(['section', 'sectionSplit', 'sample']);
    expect(dependentSelects('person')).toEqual([]);
  });

  it('changing a select clears the ones below it, and only those', () => {
    const chosen = { expedition: 1, site: 2, hole: 3, core: 4, sampleRequest: 9, person: 5 };
    expect(chooseSelect(chosen, 'site', 7)).toEqual({ expedition: 1, site: 7, sampleRequest: 9, person: 5 });
    expect(chooseSelect(chosen, 'expedition', null)).toEqual({ person: 5 });
    // choosing the same value again keeps the lower choices
    expect(chooseSelect(chosen, 'site', 2)).toEqual(chosen);
  });

  it('opens a select only once the select above it is chosen', () => {
    expect(selectEnabled(select('expedition'), {})).toBe(true);
    expect(selectEnabled(select('person'), {})).toBe(true);
    expect(selectEnabled(select('site'), {})).toBe(false);
    expect(selectEnabled(select('sampleRequest'), { expedition: 1 })).toBe(true);
    expect(selectEnabled(select('core'), { expedition: 1, site: 2 })).toBe(false);
  });

  it('takes the opening form filter, left to right, ignoring unknown keys and gaps', () => {
    expect(initialAssignSelection({ expedition: 1, site: 2, hole: 3, core: 4, program: 8 })).toEqual({
      expedition: 1,
      site: 2,
      hole: 3,
      core: 4,
    });
    // a hole without its site cannot be chosen
    expect(initialAssignSelection({ expedition: 1, hole: 3 })).toEqual({ expedition: 1 });
  });

  it('sends the ArchiveFile columns of the choice', () => {
    expect(assignColumns({ expedition: 1, site: 2, hole: 3, core: 4, person: 5 })).toEqual({
      expedition_id: 1,
      site_id: 2,
      hole_id: 3,
      core_id: 4,
      curator_contact_person_id: 5,
    });
    expect(assignColumns({ expedition: 1, sampleRequest: 6 })).toEqual({ expedition_id: 1, request_id: 6 });
  });

  it('needs a record, not only a curator, to assign to', () => {
    expect(hasAssignTarget({})).toBe(false);
    expect(hasAssignTarget({ person: 5 })).toBe(false);
    expect(hasAssignTarget({ expedition: 1 })).toBe(true);
  });
});
