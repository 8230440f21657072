// Test templates for the records tests: a three-level parent chain (expedition → site → hole)
// with forms, a small model covering every column type, and a one-column-per-type filter model.

const id = { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' };
const stamps = { createdAt: 1600000000, modifiedAt: 1600000000, generatedAt: null };

function parentRelation(table: string, parentTable: string, column: string) {
  return {
    [`${table}__${parentTable}__parent`]: {
      name: `${table}__${parentTable}__parent`,
      relationType: 'parent',
      foreignTable: parentTable,
      localColumns: [column],
      foreignColumns: ['id'],
    },
  };
}

export const EXPEDITION = {
  module: 'Project',
  name: 'Expedition',
  table: 'project_expedition',
  fullName: 'ProjectExpedition',
  parentModel: null,
  columns: {
    id,
    expedition: { name: 'expedition', type: 'string', size: 20, required: true, label: 'Expedition Code' },
    exp_acronym: { name: 'exp_acronym', type: 'string', size: 20, label: 'Expedition Acronym' },
    chief_scientists: { name: 'chief_scientists', type: 'string_multiple', label: 'Chief Scientists' },
  },
  indices: {
    id: { name: 'id', type: 'PRIMARY', columns: ['id'] },
    expedition: { name: 'expedition', type: 'UNIQUE', columns: ['expedition'] },
  },
  relations: {},
  behaviors: [],
  ...stamps,
};

export const SITE = {
  module: 'Project',
  name: 'Site',
  table: 'project_site',
  fullName: 'ProjectSite',
  parentModel: 'ProjectExpedition',
  columns: {
    id,
    expedition_id: { name: 'expedition_id', type: 'integer', required: true, label: 'Expedition' },
    site: { name: 'site', type: 'string', size: 20, required: true, label: 'Site' },
    combined_id: { name: 'combined_id', type: 'string', size: 50, label: 'Combined Id' },
    site_name: { name: 'site_name', type: 'string', size: 100, label: 'Site Name' },
    expedition_code: { name: 'expedition_code', type: 'pseudo', pseudoCalc: 'parent.expedition', label: 'Exp.' },
    label: { name: 'label', type: 'pseudo', pseudoCalc: "expedition.exp_acronym + '-' + [site]", label: 'Label' },
    hole_count: { name: 'hole_count', type: 'pseudo', pseudoCalc: 'count(holes)', label: 'Holes' },
    max_depth: { name: 'max_depth', type: 'pseudo', pseudoCalc: 'round(max(holes.depth) / 2, 1)', label: 'Half depth' },
    legacy: { name: 'legacy', type: 'pseudo', pseudoCalc: '$this->parent->combined_id', label: 'PHP' },
  },
  indices: {
    id: { name: 'id', type: 'PRIMARY', columns: ['id'] },
    expedition_id__site: { name: 'expedition_id__site', type: 'UNIQUE', columns: ['expedition_id', 'site'] },
  },
  relations: parentRelation('project_site', 'project_expedition', 'expedition_id'),
  behaviors: [],
  ...stamps,
};

export const HOLE = {
  module: 'Project',
  name: 'Hole',
  table: 'project_hole',
  fullName: 'ProjectHole',
  parentModel: 'ProjectSite',
  columns: {
    id,
    site_id: { name: 'site_id', type: 'integer', required: true, label: 'Site' },
    hole: { name: 'hole', type: 'string', size: 10, required: true, label: 'Hole' },
    combined_id: { name: 'combined_id', type: 'string', size: 50, label: 'Combined Id' },
    igsn: { name: 'igsn', type: 'string', size: 20, label: 'IGSN', defaultValue: 'H' },
    depth: {
      name: 'depth',
      type: 'double',
      label: 'Depth',
      validator: '>0',
      validatorMessage: 'Depth must be positive',
    },
    site_name: { name: 'site_name', type: 'pseudo', pseudoCalc: 'site.site_name', label: 'Site name' },
    exp_acronym: { name: 'exp_acronym', type: 'pseudo', pseudoCalc: 'site.expedition.exp_acronym', label: 'Acr.' },
  },
  indices: {
    id: { name: 'id', type: 'PRIMARY', columns: ['id'] },
    site_id__hole: { name: 'site_id__hole', type: 'UNIQUE', columns: ['site_id', 'hole'] },
  },
  relations: parentRelation('project_hole', 'project_site', 'site_id'),
  behaviors: [
    {
      behaviorClass: 'app\\behaviors\\template\\UniqueCombinationAutoIncrementBehavior',
      parameters: { searchFields: ['site_id'], fieldToFill: 'hole', useAlphabet: true },
    },
  ],
  ...stamps,
};

export const ITEM = {
  module: 'Test',
  name: 'Item',
  table: 'test_item',
  fullName: 'TestItem',
  parentModel: null,
  columns: {
    id,
    name: { name: 'name', type: 'string', size: 10, required: true, label: 'Name' },
    amount: { name: 'amount', type: 'integer', label: 'Amount', validator: '>0' },
    ratio: { name: 'ratio', type: 'double', label: 'Ratio' },
    flag: { name: 'flag', type: 'boolean', label: 'Flag', defaultValue: 1 },
    tags: { name: 'tags', type: 'string_multiple', label: 'Tags' },
    core_type: { name: 'core_type', type: 'string', size: 5, label: 'Core Type', selectListName: 'CORE_TYPE' },
    day: { name: 'day', type: 'date', label: 'Day' },
    notes: { name: 'notes', type: 'text', label: 'Notes' },
    status: { name: 'status', type: 'string', size: 10, label: 'Status', defaultValue: 'new' },
  },
  indices: {
    id: { name: 'id', type: 'PRIMARY', columns: ['id'] },
    name: { name: 'name', type: 'UNIQUE', columns: ['name'] },
  },
  relations: {},
  behaviors: [],
  ...stamps,
};

export const FILTER_MODEL = {
  module: 'Test',
  name: 'Filter',
  table: 'test_filter',
  fullName: 'TestFilter',
  parentModel: null,
  columns: {
    id,
    c_integer: { name: 'c_integer', type: 'integer', label: 'integer' },
    c_double: { name: 'c_double', type: 'double', label: 'double' },
    c_string: { name: 'c_string', type: 'string', size: 255, label: 'string' },
    c_date: { name: 'c_date', type: 'date', label: 'date' },
    c_dateTime: { name: 'c_dateTime', type: 'dateTime', label: 'dateTime' },
    c_time: { name: 'c_time', type: 'time', label: 'time' },
    c_boolean: { name: 'c_boolean', type: 'boolean', label: 'boolean' },
    c_list: { name: 'c_list', type: 'string', size: 10, label: 'list', selectListName: 'CORE_TYPE' },
  },
  indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
  relations: {},
  behaviors: [],
  ...stamps,
};

function field(name: string, label: string, extra: Record<string, unknown> = {}) {
  return { name, label, validators: [], formInput: { type: 'text' }, group: '-group1', order: 0, ...extra };
}

const expeditionFilter = {
  model: 'ProjectExpedition',
  value: 'id',
  text: 'exp_acronym',
  ref: 'expedition_id',
};
const siteFilter = {
  model: 'ProjectSite',
  value: 'id',
  text: 'site',
  ref: 'site_id',
  require: { value: 'expedition', as: 'expedition_id' },
};

export const FORMS = [
  {
    name: 'expedition',
    dataModel: 'ProjectExpedition',
    fields: [field('expedition', 'Code'), field('exp_acronym', 'Acronym'), field('chief_scientists', 'Chiefs')],
    filterDataModels: {},
    requiredFilters: [],
    ...stamps,
  },
  {
    name: 'site',
    dataModel: 'ProjectSite',
    fields: [field('site', 'Site'), field('combined_id', 'Combined Id'), field('site_name', 'Site Name')],
    filterDataModels: { expedition: expeditionFilter },
    requiredFilters: [{ value: 'expedition', as: 'expedition_id' }],
    ...stamps,
  },
  {
    name: 'hole',
    dataModel: 'ProjectHole',
    fields: [
      field('hole', 'Hole Name', { validators: [{ type: 'required' }, { type: 'string', max: 5 }] }),
      field('combined_id', 'Combined Id'),
      field('igsn', 'IGSN'),
      field('depth', 'Depth (m)', { validators: [{ type: 'number', min: 0, max: 10000 }] }),
    ],
    filterDataModels: { expedition: expeditionFilter, site: siteFilter },
    requiredFilters: [
      { value: 'expedition', as: 'expedition_id', skipOnEmpty: true },
      { value: 'site', as: 'site_id' },
    ],
    ...stamps,
  },
  {
    name: 'hole-extra',
    dataModel: 'ProjectHole',
    fields: [field('hole', 'Hole')],
    filterDataModels: {},
    requiredFilters: [],
    ...stamps,
  },
];

export const CORE_TYPE_ITEMS = [
  { display: 'B', remark: 'Bit Sample' },
  { display: 'H', remark: 'Advanced Piston Corer (APC)' },
  { display: 'R', remark: 'Rotary Core Barrel (RCB)' },
];
