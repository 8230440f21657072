import type { FormField } from '@mdis/shared';
import type { FormSeed, TemplateSummary } from '../templateManager.api';

/** A CurationBox model, its seed and summary, as the cg/api answers them (test fixtures). */

const field = (name: string, label: string, type: FormField['formInput']['type'], required = false): FormField => ({
  name,
  label,
  description: '',
  validators: required ? [{ type: 'required' }] : [],
  formInput: { type, disabled: false, calculate: '' },
  group: '-group1',
  order: 1,
});

export const BOX_COLUMNS = {
  id: { name: 'id', type: 'integer', primaryKey: true },
  hole_id: { name: 'hole_id', type: 'integer', required: true },
  box: { name: 'box', type: 'string', size: 20, required: true, label: 'Box' },
  slot: { name: 'slot', type: 'integer', label: 'Slot' },
  note: { name: 'note', type: 'text', label: 'Note' },
  colour: { name: 'colour', type: 'string', label: 'Colour', selectListName: 'colour' },
};

export const BOX_MODEL = {
  module: 'Curation',
  name: 'Box',
  table: 'curation_box',
  fullName: 'CurationBox',
  parentModel: 'ProjectHole',
  columns: BOX_COLUMNS,
  indices: {},
  relations: {},
  behaviors: [],
};

export const BOX_SEED: FormSeed = {
  availableFieldTemplates: {
    box: { ...field('box', 'Box', 'text', true), validators: [{ type: 'required' }, { type: 'string' }] },
    slot: { ...field('slot', 'Slot', 'text'), validators: [{ type: 'number' }] },
    note: field('note', 'Note', 'textarea'),
    colour: {
      ...field('colour', 'Colour', 'select'),
      formInput: {
        type: 'select',
        selectSource: { type: 'list', listName: 'colour', textField: 'remark', valueField: 'display' },
      },
    },
  },
  initialTemplate: { name: '', dataModel: 'CurationBox', fields: [] },
};
BOX_SEED.initialTemplate.fields = [BOX_SEED.availableFieldTemplates.box];

const model = (fullName: string, parentModel: string | null) => ({
  name: fullName,
  fullName,
  module: 'Curation',
  table: fullName.toLowerCase(),
  parentModel,
  createdAt: 1_700_000_000,
  modifiedAt: 1_700_000_000,
  generatedAt: null,
  isTableCreated: true,
  tableGenerationTimestamp: null,
  generatedFiles: [],
});

const form = (name: string, dataModel: string) => ({
  name,
  dataModel,
  modifiedAt: 1_700_000_000,
  generatedAt: null,
  generatedFiles: [],
  customVueFile: false,
});

export const SUMMARY: TemplateSummary = {
  modules: ['Curation', 'Project'],
  models: [model('ProjectHole', null), model('CurationBox', 'ProjectHole'), model('CurationSlot', 'CurationBox')],
  forms: [form('hole', 'ProjectHole'), form('slot', 'CurationSlot')],
};
