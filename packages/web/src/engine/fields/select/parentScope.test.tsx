import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { FormTemplate } from '@mdis/shared';
import { fetchedUrls, mockApi } from '../../../test/mockApi';
import { makeForm, renderPanel } from '../test/renderPanel';
import { parentCondition } from './parentScope';

const LEVELS: FormTemplate['filterDataModels'] = {
  expedition: { model: 'ProjectExpedition', value: 'id', text: 'exp_acronym', ref: 'expedition_id' },
  section: {
    model: 'CoreSection',
    value: 'id',
    text: 'section',
    ref: 'section_id',
    require: { value: 'expedition', as: 'expedition_id' },
  },
  sectionSplit: {
    model: 'CurationSectionSplit',
    value: 'id',
    text: 'combined_id',
    ref: 'section_split_id',
    require: { value: 'section', as: 'section_id' },
  },
};

function splitForm(): FormTemplate {
  const form = makeForm([
    {
      name: 'origin_split_id',
      label: 'Origin Split ID',
      formInput: {
        type: 'select',
        selectSource: { type: 'api', model: 'CurationSectionSplit', textField: 'combined_id', valueField: 'id' },
      },
    },
  ]);
  const { sectionSplit: _split, ...aboveSplits } = LEVELS;
  return { ...form, dataModel: 'CurationSectionSplit', filterDataModels: aboveSplits };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('selects scoped to the record parent', () => {
  it('reads the parent from the form levels: own model → siblings, a level → under the level above', () => {
    expect(parentCondition('CurationSectionSplit', splitForm())).toBe('section_id={section_id}');
    const sample = { dataModel: 'CurationSample', filterDataModels: LEVELS };
    expect(parentCondition('CurationSectionSplit', sample)).toBe('section_id={section_id}');
    expect(parentCondition('ContactPerson', sample)).toBeUndefined();
  });

  it("asks the Origin Split pulldown for the current section's splits only, by combined id", async () => {
    const fetchMock = mockApi({ 'GET global/async-lists': { status: 200, body: { items: [] } } });
    renderPanel(splitForm(), { section_id: 42 });
    await waitFor(() => {
      expect(fetchedUrls(fetchMock)).toContain(
        'api/v1/global/async-lists?name=CurationSectionSplit&fields=combined_id%2Cid&sort=combined_id&filter%5Bsection_id%5D=%3D%3D42',
      );
    });
  });
});
