import { describe, expect, it } from 'vitest';
import { FIXTURE_FORMS, FIXTURE_MODELS } from './fixtures';
import {
  addNamed,
  asPseudoColumn,
  checkNewFormName,
  checkNewModelName,
  isValidModelName,
  dropUnknownIndexColumns,
  isColumnEditable,
  isParentPathFormula,
  newModelIdColumn,
  normalizeFormField,
  normalizeListName,
  parseFormTemplate,
  parseModelTemplate,
  renameColumnName,
  validateFormTemplate,
  validateModelTemplate,
  type FormField,
} from './index';

const expedition = parseModelTemplate(FIXTURE_MODELS[1]);
const site = parseModelTemplate(FIXTURE_MODELS[2]);
const siteForm = parseFormTemplate(FIXTURE_FORMS[1]);

describe('model template rules', () => {
  it('keeps the previous column name when the new one is empty or taken', () => {
    expect(renameColumnName('depth', '', ['depth', 'top'])).toEqual({
      name: 'depth',
      error: 'Column should not be empty string',
    });
    expect(renameColumnName('depth', 'top', ['depth', 'top'])).toEqual({ name: 'depth', error: 'The name is taken.' });
    expect(renameColumnName('depth', 'Top Depth', ['depth'])).toEqual({ name: 'top_depth' });
  });

  it('adds columns and indices in snake_case and ignores duplicates', () => {
    const once = addNamed({}, { name: 'Top Depth' });
    expect(Object.keys(once)).toEqual(['top_depth']);
    expect(addNamed(once, { name: 'top_depth' })).toBe(once);
  });

  it('refuses an existing module + name', () => {
    expect(checkNewModelName('Project', 'site', ['ProjectSite'])).toEqual({
      name: 'Site',
      fullName: 'ProjectSite',
      error: 'model name ProjectSite already exists',
    });
    expect(checkNewModelName('Curation', 'core box', [])).toEqual({ name: 'CoreBox', fullName: 'CurationCoreBox' });
  });

  it("refuses a model name that upper camel case would silently change: 'Model name is invalid'", () => {
    expect(checkNewModelName('Project', '123 bad-name!', [])).toEqual({
      name: '123BadName',
      fullName: 'Project123BadName',
      error: 'Model name is invalid',
    });
    for (const bad of ['', '  ', 'bad!', '1st', 'core.box', '_box']) expect(isValidModelName(bad)).toBe(false);
    for (const good of ['Box', 'core box', 'section_split', 'sample-request', 'Hole2'])
      expect(isValidModelName(good)).toBe(true);
  });

  it('starts a model with the id column and the pk_id index', () => {
    expect(newModelIdColumn()).toMatchObject({
      column: { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' },
      index: { name: 'pk_id', type: 'PRIMARY', columns: ['id'] },
    });
  });

  it('resets size, required, validator, calculate and default for a pseudo column', () => {
    const column = asPseudoColumn({
      name: 'x',
      type: 'string',
      size: 20,
      required: true,
      validator: '>0',
      defaultValue: 'a',
    });
    expect(column).toMatchObject({
      type: 'pseudo',
      size: null,
      required: false,
      validator: '',
      calculate: '',
      defaultValue: '',
    });
  });

  it('protects locked, id and relation columns', () => {
    expect(isColumnEditable(site, 'id')).toBe(false);
    expect(isColumnEditable(site, 'expedition_id')).toBe(false);
    expect(isColumnEditable(site, 'comment')).toBe(true);
  });

  it('drops index columns that are not columns', () => {
    const broken = { ...site, indices: { x: { name: 'x', type: 'KEY' as const, columns: ['site', 'gone'] } } };
    expect(dropUnknownIndexColumns(broken).indices.x?.columns).toEqual(['site']);
  });

  it('tells parent paths from code', () => {
    expect(isParentPathFormula('hole.site.site')).toBe(true);
    expect(isParentPathFormula('$this->parent->combined_id')).toBe(false);
  });

  it('validates relations, duplicate names and locked columns', () => {
    expect(validateModelTemplate(site)).toEqual([]);
    const relation = { name: 'r', relationType: '1n' as const, foreignTable: null };
    expect(validateModelTemplate({ ...site, relations: { r: relation } })).toEqual([
      { field: 'relations.r', message: 'A relation needs a related model.' },
    ]);
    const { expedition_id: _removed, ...columns } = site.columns;
    const errors = validateModelTemplate({ ...site, columns, relations: {} }, site);
    expect(errors).toEqual([
      { field: 'columns.expedition_id', message: 'Column expedition_id is locked and cannot be changed or removed.' },
      { field: 'relations', message: 'The parent relation cannot be removed.' },
    ]);
  });
});

describe('form template rules', () => {
  it('converts names to kebab-case and refuses empty and duplicate ones', () => {
    expect(checkNewFormName('Sample Request', [])).toEqual({ name: 'sample-request' });
    expect(checkNewFormName('', [])).toEqual({ name: '', error: 'Name is required' });
    expect(checkNewFormName('site', ['site'])).toEqual({ name: 'site', error: 'form name site already exists' });
  });

  it('upper-cases unknown list names', () => {
    expect(normalizeListName('countries', ['COUNTRIES', 'ctrl_x'])).toBe('COUNTRIES');
    expect(normalizeListName('ctrl_x', ['COUNTRIES', 'ctrl_x'])).toBe('ctrl_x');
  });

  it('forces required for database-required columns, not for pseudo, and disables calculated inputs', () => {
    const field: FormField = {
      name: 'site',
      validators: [],
      formInput: { type: 'text', calculate: '[a] + 1', disabled: false },
    };
    const normal = normalizeFormField(field, site.columns.site);
    expect(normal.validators).toEqual([{ type: 'required' }]);
    expect(normal.formInput.disabled).toBe(true);
    const pseudo = normalizeFormField(
      { ...field, validators: [{ type: 'required' }] },
      expedition.columns.program_name,
    );
    expect(pseudo.validators).toEqual([]);
    const select = normalizeFormField(
      {
        name: 'drilling_method',
        validators: [],
        formInput: { type: 'select', selectSource: { type: 'list', listName: 'X' } },
      },
      site.columns.drilling_method,
    );
    expect(select.formInput.selectSource).toMatchObject({ textField: 'remark', valueField: 'display' });
  });

  it('checks input types, validator types and required filters against the model', () => {
    expect(validateFormTemplate(siteForm, site)).toEqual([]);
    const [first] = siteForm.fields;
    if (!first) throw new Error('fixture');
    const bad = {
      ...siteForm,
      fields: [
        { ...first, formInput: { type: 'switch' as const }, validators: [{ type: 'number' }] },
        { ...first, name: 'nothing' },
      ],
      requiredFilters: [...siteForm.requiredFilters, { value: 'expedition', as: 'x' }],
    };
    expect(validateFormTemplate(bad, site)).toEqual([
      { field: 'fields.0.formInput.type', message: 'Input type switch is not allowed for a column of type string.' },
      { field: 'fields.0.validators', message: 'Validator number does not apply to a column of type string.' },
      { field: 'fields.1.name', message: 'Column nothing does not exist in the data model.' },
      { field: 'requiredFilters', message: 'Only one required filter per model is allowed.' },
    ]);
  });
});
