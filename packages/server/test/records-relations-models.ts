// Test templates for the relation tests (the shared fixtures stay untouched): samples linked to
// tags and boxes (m:n), and pointing at one box (1n through a separate FK column `box_id`) and one
// shelf (1n in the original's layout: the relation's local column is the one_to_many column itself).

const id = { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' };
const stamps = { createdAt: 1600000000, modifiedAt: 1600000000, generatedAt: null };

export function simpleModel(name: string) {
  return {
    module: 'Test',
    name,
    table: `test_${name.toLowerCase()}`,
    fullName: `Test${name}`,
    parentModel: null,
    columns: { id, name: { name: 'name', type: 'string', size: 20, label: 'Name' } },
    indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
    relations: {},
    behaviors: [],
    ...stamps,
  };
}

const nm = (related: string) => ({
  name: `${related}_ids_nm`,
  type: 'many_to_many',
  relatedTable: related,
  displayColumn: 'name',
});
const nmRelation = (related: string) => ({
  [`test_sample__${related}__${related}_ids_nm__nm`]: {
    name: `test_sample__${related}__${related}_ids_nm__nm`,
    relationType: 'nm',
    relatedTable: related,
    foreignTable: null,
    localColumns: [`${related}_ids_nm`],
    foreignColumns: null,
    displayColumns: ['name'],
  },
});
const oneN = (foreign: string, local: string) => ({
  [`test_sample__${foreign}__${local}__1n`]: {
    name: `test_sample__${foreign}__${local}__1n`,
    relationType: '1n',
    foreignTable: foreign,
    localColumns: [local],
    foreignColumns: ['id'],
    displayColumns: ['name'],
  },
});

export const SAMPLE = {
  ...simpleModel('Sample'),
  columns: {
    id,
    name: { name: 'name', type: 'string', size: 20, required: true, label: 'Name' },
    test_tag_ids_nm: { ...nm('test_tag'), label: 'Tags' },
    test_box_ids_nm: { ...nm('test_box'), label: 'Boxes' },
    test_box_name_ids_1n: { name: 'test_box_name_ids_1n', type: 'one_to_many', relatedTable: 'test_box', label: 'Box' },
    test_shelf_name_ids_1n: {
      name: 'test_shelf_name_ids_1n',
      type: 'one_to_many',
      relatedTable: 'test_shelf',
      displayColumn: 'name',
      label: 'Shelf',
    },
  },
  relations: {
    ...nmRelation('test_tag'),
    ...nmRelation('test_box'),
    ...oneN('test_box', 'box_id'),
    ...oneN('test_shelf', 'test_shelf_name_ids_1n'),
  },
};

export const SAMPLE_FORM = {
  name: 'sample',
  dataModel: 'TestSample',
  fields: [
    { name: 'name', label: 'Sample', validators: [], formInput: { type: 'text' }, group: '-g', order: 0 },
    {
      name: 'test_tag_ids_nm',
      label: 'Tag list',
      validators: [],
      formInput: { type: 'select', multiple: true, selectSource: { type: 'many_relation', model: 'TestTag' } },
      group: '-g',
      order: 1,
    },
  ],
  filterDataModels: {},
  requiredFilters: [],
  ...stamps,
};

/** The tag model as the original leaves it once the sample's m:n is saved: the opposite column. */
export const TAG_WITH_SAMPLES = {
  ...simpleModel('Tag'),
  columns: {
    ...simpleModel('Tag').columns,
    test_sample_ids_nm: {
      name: 'test_sample_ids_nm',
      type: 'many_to_many',
      relatedTable: 'test_sample',
      displayColumn: 'name',
      label: 'Samples',
    },
  },
  relations: {
    test_tag__test_sample__test_sample_ids_nm__nm: {
      name: 'test_tag__test_sample__test_sample_ids_nm__nm',
      relationType: 'nm',
      relatedTable: 'test_sample',
      localColumns: ['test_sample_ids_nm'],
      displayColumns: ['name'],
    },
  },
};
