import {
  type ColumnTemplate,
  type FormTemplate,
  type ModelTemplate,
  isStoredColumnType,
  parentColumnName,
  validateFormTemplate,
  validateModelTemplate,
} from '@mdis/shared';
import { parseExpression } from '@mdis/shared/expressions';
import { describe, expect, it } from 'vitest';
import { loadDrillingTemplates } from '../src/seed/drilling-model';

// The shipped drilling templates checked against each other and against the template manager's
// rules, without a database: what a curator would otherwise find as a broken form or empty select.

const { models, forms, valueLists } = loadDrillingTemplates();
const modelByName = new Map(models.map((m) => [m.fullName, m]));
const formByName = new Map(forms.map((f) => [f.name, f]));
const listByName = new Map(valueLists.map((l) => [l.listname, l]));

function modelOf(form: FormTemplate): ModelTemplate {
  const model = modelByName.get(form.dataModel);
  if (!model) throw new Error(`${form.name}: unknown model ${form.dataModel}`);
  return model;
}

function parentOf(model: ModelTemplate): ModelTemplate | undefined {
  return model.parentModel ? modelByName.get(model.parentModel) : undefined;
}

/** A column by name, undefined when the template has none (the record type claims every key exists). */
function columnOf(model: ModelTemplate, name: string): ColumnTemplate | undefined {
  return Object.hasOwn(model.columns, name) ? model.columns[name] : undefined;
}

/** Columns a list request may name: stored columns, ancestor ids, pseudo columns. */
function queryableColumns(model: ModelTemplate): Set<string> {
  const names = new Set(Object.keys(model.columns));
  let child = model;
  for (let parent = parentOf(model); parent; child = parent, parent = parentOf(parent))
    names.add(parentColumnName(parent.fullName, child.fullName, parent.name));
  return names;
}

describe('drilling templates', () => {
  it('ships the 15 models, 15 forms and a value list per list name', () => {
    expect(models.map((m) => m.fullName).sort()).toEqual([
      'ArchiveFile',
      'ContactPerson',
      'CoreCore',
      'CoreSection',
      'CurationCorebox',
      'CurationCuttings',
      'CurationSample',
      'CurationSampleRequest',
      'CurationSectionSplit',
      'CurationStorage',
      'GeologyLithology',
      'ProjectExpedition',
      'ProjectHole',
      'ProjectProgram',
      'ProjectSite',
    ]);
    expect(forms.map((f) => f.name).sort()).toEqual(
      [
        'program',
        'expedition',
        'site',
        'hole',
        'core',
        'section',
        'split',
        'sample',
        'sample-request',
        'corebox',
        'cuttings',
        'storage',
        'lithology',
        'person',
        'files',
      ].sort(),
    );
    expect(listByName.get('CORE_TYPE')?.items).toHaveLength(13);
    expect(listByName.get('COUNTRIES')?.items.length).toBeGreaterThanOrEqual(249);
  });

  it.each(models.map((m) => [m.fullName, m] as const))('%s passes the model rules', (_name, model) => {
    expect(validateModelTemplate(model)).toEqual([]);
    const parent = parentOf(model);
    expect(Boolean(parent)).toBe(Boolean(model.parentModel));
    if (!parent) return;
    const column = parentColumnName(parent.fullName, model.fullName, parent.name);
    expect(model.relations[`${model.table}__${parent.table}__parent`]).toMatchObject({
      relationType: 'parent',
      foreignTable: parent.table,
      localColumns: [column],
    });
    expect(model.columns[column]).toMatchObject({ type: 'integer', required: true });
    expect(columnOf(model, 'combined_id')?.type).toBe('string');
  });

  it.each(models.map((m) => [m.fullName, m] as const))('%s: relations, indices and formulas resolve', (_n, model) => {
    const tables = new Set(models.map((m) => m.table));
    for (const relation of Object.values(model.relations)) {
      expect(tables).toContain(relation.foreignTable);
      for (const column of relation.localColumns ?? []) expect(columnOf(model, column)?.type).toBe('integer');
    }
    for (const index of Object.values(model.indices))
      for (const column of index.columns)
        expect(isStoredColumnType(columnOf(model, column)?.type ?? 'pseudo')).toBe(true);
    for (const column of Object.values(model.columns)) {
      if (column.pseudoCalc) expect(() => parseExpression(column.pseudoCalc ?? '')).not.toThrow();
      if (column.calculate) expect(() => parseExpression(column.calculate ?? '')).not.toThrow();
      if (column.type === 'pseudo') expect(column.label).toBeTruthy();
      if (column.unit) expect(column.label).toContain(`[${column.unit}]`);
    }
  });

  it.each(forms.map((f) => [f.name, f] as const))('%s form passes the form rules against its model', (_n, form) => {
    const model = modelOf(form);
    expect(validateFormTemplate(form, model)).toEqual([]);
    const fields = new Set(form.fields.map((f) => f.name));
    expect(fields.size).toBe(form.fields.length);
    const parentColumns = new Set(form.requiredFilters.map((f) => f.as));
    const required = Object.values(model.columns).filter((c) => c.required && !parentColumns.has(c.name));
    for (const column of required) expect(fields, `${column.name} is required`).toContain(column.name);
  });

  it.each(forms.map((f) => [f.name, f] as const))('%s form: filters and links resolve', (_n, form) => {
    const own = queryableColumns(modelOf(form));
    for (const [key, filter] of Object.entries(form.filterDataModels)) {
      const target = modelByName.get(filter.model);
      expect(target, `${key} model`).toBeDefined();
      if (!target) continue;
      expect(Object.keys(target.columns)).toEqual(expect.arrayContaining([filter.value, filter.text]));
      expect(own, `${key} ref`).toContain(filter.ref);
      if (filter.require) {
        expect(Object.keys(form.filterDataModels)).toContain(filter.require.value);
        expect(queryableColumns(target)).toContain(filter.require.as);
      }
    }
    for (const required of form.requiredFilters) {
      expect(Object.entries(form.filterDataModels)).toContainEqual([
        required.value,
        expect.objectContaining({ ref: required.as }),
      ]);
    }
    for (const [key, link] of Object.entries({ ...form.subForms, ...form.supForms })) {
      const target = formByName.get((link.url ?? '').replace(/^\/forms\/(.*)-form$/, '$1'));
      expect(target, `${key} url`).toBeDefined();
      for (const filter of link.filter) {
        expect(Object.keys(target?.filterDataModels ?? {}), `${key} unit`).toContain(filter.unit);
        expect(own, `${key} fromField`).toContain(filter.fromField);
      }
      if (link.parentIdField) expect(own).toContain(link.parentIdField);
    }
  });

  it('gives sites decimal WGS84 coordinates, shown in the Site Location group of the site form', () => {
    const site = modelByName.get('ProjectSite');
    const hole = modelByName.get('ProjectHole');
    if (!site || !hole) throw new Error('ProjectSite and ProjectHole are shipped');
    // The dashboard map draws sites by latitude_dec/longitude_dec (spec 2 §3); holes keep the original's columns.
    expect(site.columns.latitude_dec).toMatchObject({
      type: 'double',
      label: 'Decimal Latitude [WGS84]',
      validator: '>=-90&<=90',
    });
    expect(site.columns.longitude_dec).toMatchObject({
      type: 'double',
      label: 'Decimal Longitude [WGS84]',
      validator: '>=-180&<=180',
    });
    expect([columnOf(hole, 'latitude')?.type, columnOf(hole, 'longitude')?.type]).toEqual(['double', 'double']);
    const fields = formByName.get('site')?.fields ?? [];
    const location = fields.filter((f) => f.group === 'Site Location').sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    expect(location.map((f) => f.name)).toEqual([
      'country',
      'state',
      'county',
      'city',
      'latitude_dec',
      'longitude_dec',
    ]);
    expect(location.slice(4).map((f) => [f.label, f.validators])).toEqual([
      ['Decimal Latitude [WGS84]', [{ type: 'number', min: -90, max: 90 }]],
      ['Decimal Longitude [WGS84]', [{ type: 'number', min: -180, max: 180 }]],
    ]);
  });

  it('every list a model or form names exists and is not empty', () => {
    const names = new Set<string>();
    for (const model of models)
      for (const column of Object.values(model.columns)) if (column.selectListName) names.add(column.selectListName);
    for (const form of forms)
      for (const field of form.fields) {
        const source = field.formInput.selectSource;
        if (source?.type === 'list') names.add(source.listName ?? '');
        if (source && source.type !== 'list') expect(modelByName.has(source.model ?? '')).toBe(true);
      }
    for (const name of names) expect(listByName.get(name)?.items.length ?? 0, name).toBeGreaterThan(0);
    for (const list of valueLists)
      expect(new Set(list.items.map((i) => i.display)).size, list.listname).toBe(list.items.length);
  });
});
