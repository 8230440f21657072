import { describe, expect, it } from 'vitest';
import type { FormsByModule } from '../../platform/api/app.api';
import { foundFormLabel, toFoundForms } from './foundForms';

const FORMS: FormsByModule = {
  Core: [
    { key: 'core', label: 'Core', dataModel: 'CoreCore', module: 'Core' },
    { key: 'core-overview', label: 'Cores', dataModel: 'CoreCore', module: 'Core' },
  ],
  Project: [{ key: 'hole', label: 'Hole', dataModel: 'ProjectHole', module: 'Project' }],
};

describe('igsn matches as form links', () => {
  it('links a match to its form with the record id and the filter, leaving out empty filter entries', () => {
    const found = toFoundForms(
      [{ id: 7, data_model: 'ProjectHole', info: '5065_1_A', filter: { expedition: 1, site: 2, program: null } }],
      FORMS,
    );
    expect(found).toEqual([
      { formName: 'hole', id: 7, info: '5065_1_A', path: '/forms/hole-form/7?filter=expedition%3A1%2Csite%3A2' },
    ]);
    expect(found.map(foundFormLabel)).toEqual(['hole@7, 5065_1_A']);
  });

  it('gives one link per form of the model, and none for a model without a form', () => {
    const found = toFoundForms(
      [
        { id: 12, data_model: 'CoreCore', info: '5065_1_A_001', filter: { hole: 3 } },
        { id: 5, data_model: 'CurationSample', info: '', filter: {} },
      ],
      FORMS,
    );
    expect(found.map(foundFormLabel)).toEqual(['core@12, 5065_1_A_001', 'core-overview@12, 5065_1_A_001']);
    expect(found[1]?.path).toBe('/forms/core-overview-form/12?filter=hole%3A3');
  });

  it('shows name@id alone when the record has no info text', () => {
    expect(foundFormLabel({ formName: 'sample', id: 5, info: '', path: '/forms/sample-form/5' })).toBe('sample@5');
  });
});
