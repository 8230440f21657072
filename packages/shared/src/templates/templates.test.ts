import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { FIXTURE_FORMS, FIXTURE_MODELS } from './fixtures';
import {
  allowedInputTypes,
  fullNameOf,
  parentColumnName,
  parseFormTemplate,
  parseModelTemplate,
  tableNameOf,
  toKebabCase,
  toSnakeCase,
  toUpperCamelCase,
} from './index';

describe('naming rules', () => {
  it.each([
    ['SectionSplit', 'section_split'],
    ['sectionSplit', 'section_split'],
    ['Sample Request', 'sample_request'],
    ['drilling-depth', 'drilling_depth'],
    ['IGSN', 'igsn'],
    ['coreID', 'core_id'],
  ])('snake_case of %s is %s', (input, expected) => {
    expect(toSnakeCase(input)).toBe(expected);
  });

  it('builds kebab-case form names and upper camel model names', () => {
    expect(toKebabCase('Sample Request')).toBe('sample-request');
    expect(toKebabCase('sampleRequest')).toBe('sample-request');
    expect(toUpperCamelCase('section_split')).toBe('SectionSplit');
    expect(toUpperCamelCase('corebox')).toBe('Corebox');
  });

  it('derives table and full names from module and name', () => {
    expect(tableNameOf('Curation', 'SectionSplit')).toBe('curation_section_split');
    expect(tableNameOf('Project', 'site')).toBe('project_site');
    expect(fullNameOf('Curation', 'sectionSplit')).toBe('CurationSectionSplit');
  });

  it('names the parent column {parent}_id, parent_id for a self-parent', () => {
    expect(parentColumnName('ProjectExpedition', 'ProjectSite')).toBe('expedition_id');
    expect(parentColumnName('CurationSectionSplit', 'CurationSample')).toBe('section_split_id');
    expect(parentColumnName('CurationStorage', 'CurationStorage')).toBe('parent_id');
    expect(parentColumnName('CoreCore', 'CoreSection', 'Core')).toBe('core_id');
  });
});

describe('column type → input type matrix', () => {
  it.each([
    ['integer', ['text', 'select', 'switch']],
    ['double', ['text', 'select']],
    ['boolean', ['switch']],
    ['string', ['text', 'select', 'textarea']],
    ['text', ['textarea']],
    ['string_multiple', ['select']],
    ['dateTime', ['datetime']],
    ['date', ['date']],
    ['time', ['time']],
    ['pseudo', ['text', 'textarea', 'select']],
    ['many_to_many', ['select']],
    ['one_to_many', ['select']],
  ])('%s allows %j', (type, inputs) => {
    expect(allowedInputTypes(type)).toEqual(inputs);
  });

  it('raises an error for any other type', () => {
    expect(() => allowedInputTypes('blob')).toThrow('Unknown column type: blob');
  });
});

describe('parsing the original JSON format', () => {
  it.each(FIXTURE_MODELS.map((m) => [(m as { fullName: string }).fullName, m]))(
    'parses model %s as it is',
    (_n, json) => {
      const model = parseModelTemplate(json);
      expect(model.columns.id?.primaryKey).toBe(true);
      // Unknown keys survive, so that an exported template equals the imported one (PHP's `[]`
      // for an empty map becomes `{}`).
      const original = json as Record<string, unknown>;
      const expected = { ...original, relations: Array.isArray(original.relations) ? {} : original.relations };
      expect(JSON.parse(JSON.stringify(model))).toEqual(expected);
    },
  );

  it.each(FIXTURE_FORMS.map((f) => [(f as { name: string }).name, f]))('parses form %s as it is', (_n, json) => {
    const form = parseFormTemplate(json);
    expect(form.fields.length).toBeGreaterThan(0);
    expect(form.requiredFilters).toHaveLength(1);
  });

  it("turns PHP's empty-array maps into objects and reads JSON text", () => {
    const program = parseModelTemplate(JSON.stringify(FIXTURE_MODELS[0]));
    expect(program.relations).toEqual({});
    const site = parseFormTemplate(FIXTURE_FORMS[1]);
    expect(site.subForms).toEqual({});
    expect(site.filterDataModels.expedition).toEqual({
      model: 'ProjectExpedition',
      value: 'id',
      text: 'exp_acronym',
      ref: 'expedition_id',
    });
  });

  it('accepts the illustrative CurationBox example and old-style numeric strings', () => {
    const box = parseModelTemplate({
      module: 'Curation',
      name: 'Box',
      table: 'curation_box',
      parentModel: 'ProjectHole',
      fullName: 'CurationBox',
      columns: {
        id: { name: 'id', type: 'integer', size: '11', primaryKey: 1, autoInc: '1', label: 'ID' },
        label: { name: 'label', type: 'pseudo', pseudoCalc: "$this->parent->combined_id . '_B'", label: 'Label' },
      },
      indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
      relations: {},
      behaviors: [{ behaviorClass: 'app\\behaviors\\template\\X', parameters: { a: 1 } }],
      createdAt: '1600000000',
      modifiedAt: 1600000000,
      generatedAt: '',
    });
    expect(box.columns.id).toMatchObject({ size: 11, primaryKey: true, autoInc: true });
    expect(box.createdAt).toBe(1600000000);
    expect(box.generatedAt).toBeNull();
  });

  it('answers a 422 naming the offending path', () => {
    const bad = { ...(FIXTURE_MODELS[0] as object), columns: { x: { name: 'x', type: 'blob' } } };
    try {
      parseModelTemplate(bad);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).extensions.fields?.[0]?.field).toBe('columns.x.type');
    }
    expect(() => parseFormTemplate('{not json')).toThrow('The template is not valid JSON.');
  });
});
