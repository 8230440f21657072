import { describe, expect, it } from 'vitest';
import type { ColumnTemplate, FormTemplate } from '@mdis/shared';
import { formNameOf, linkCandidates, templateOfDraft } from './formDraft';
import { addGroup, layoutOf } from './formLayout';

describe('formNameOf', () => {
  it('converts to kebab-case and requires a name', () => {
    expect(formNameOf('Curation Box')).toEqual({ name: 'curation-box', error: null });
    expect(formNameOf('CurationBox')).toEqual({ name: 'curation-box', error: null });
    expect(formNameOf(' -- ')).toEqual({ name: '', error: 'Name is required' });
  });
});

describe('templateOfDraft', () => {
  it('sends the stored keys, the fields by group and the picked buttons', () => {
    const columns = { box: { name: 'box', type: 'string', required: true } as ColumnTemplate };
    const layout = addGroup(
      layoutOf([{ name: 'box', validators: [], formInput: { type: 'text' }, group: 'Box', order: 3 }]),
    );
    const stored = { name: 'box', dataModel: 'CurationBox', requiredFilters: [{ value: 'hole', as: 'hole_id' }] };
    const body = templateOfDraft(
      { name: 'box', dataModel: 'CurationBox', layout, subForms: ['sample'], supForms: [] },
      columns,
      [],
      stored as unknown as FormTemplate,
    );
    expect(body.template).toEqual({
      name: 'box',
      dataModel: 'CurationBox',
      requiredFilters: [{ value: 'hole', as: 'hole_id' }],
      fields: [
        { name: 'box', validators: [{ type: 'required' }], formInput: { type: 'text' }, group: 'Box', order: 0 },
      ],
      availableSubForms: ['sample'],
      availableSupForms: [],
    });
  });
});

describe('linkCandidates', () => {
  it('offers the parent model forms as parents and the child model forms as children', () => {
    const models = [
      { fullName: 'ProjectHole', parentModel: 'ProjectSite' },
      { fullName: 'CurationBox', parentModel: 'ProjectHole' },
      { fullName: 'CurationSlot', parentModel: 'CurationBox' },
    ];
    const forms = [
      { name: 'hole', dataModel: 'ProjectHole' },
      { name: 'slot', dataModel: 'CurationSlot' },
      { name: 'site', dataModel: 'ProjectSite' },
    ];
    expect(linkCandidates('CurationBox', models, forms, { sub: [], sup: ['kept'] })).toEqual({
      sup: ['hole', 'kept'],
      sub: ['slot'],
    });
  });
});
