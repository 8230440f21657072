import { describe, expect, it } from 'vitest';
import { formTemplateSchema } from '@mdis/shared';
import { CORE_FORM } from '../../engine/form-screen/test/fixtures';
import { keptScopeTitle, scopeTitle } from './scopeTitle';

const HOLE_FORM = formTemplateSchema.parse({ ...CORE_FORM, name: 'hole', label: 'Hole' });
const hole = (record: Record<string, unknown>) => ({
  form: 'hole',
  model: 'ProjectHole',
  records: [record],
  versions: {},
});

describe("a kept scope's name on the screen", () => {
  it("reads like the form's title with the record's combined id", () => {
    const scope = {
      root: { form: 'hole', id: 7 },
      forms: [HOLE_FORM],
      records: [hole({ id: 7, combined_id: '5099_1_A' })],
    };
    expect(scopeTitle(scope)).toBe('Hole 5099_1_A');
  });

  it('falls back to the id, and to the form name as a title, never the lower-case form name', () => {
    expect(scopeTitle({ root: { form: 'hole', id: 7 }, forms: [], records: [hole({ id: 7 })] })).toBe('Hole 7');
    const kept = { form: 'hole', id: 1, takenAt: '', records: 3, bytes: 1, ms: 1 };
    expect(keptScopeTitle(kept)).toBe('Hole 1');
    expect(keptScopeTitle({ ...kept, title: 'Hole 5099_1_A' })).toBe('Hole 5099_1_A');
  });
});
