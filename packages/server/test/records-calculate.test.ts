import { parseFormTemplate } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp, saveAndSync } from './records-helpers';

// Server formulas (`calculate`): the model column's, or the form field's, which wins. The client
// never sends a calculated value (its input is disabled); the server computes it on every save.

const CALC_MODEL = {
  module: 'Test',
  name: 'Calc',
  table: 'test_calc',
  fullName: 'TestCalc',
  parentModel: null,
  columns: {
    id: { name: 'id', type: 'integer', primaryKey: true, autoInc: true, label: 'ID' },
    top: { name: 'top', type: 'double', label: 'Top' },
    bottom: { name: 'bottom', type: 'double', label: 'Bottom' },
    length: { name: 'length', type: 'double', required: true, label: 'Length', calculate: '[bottom] - [top]' },
    method: { name: 'method', type: 'string', size: 20, label: 'Method' },
    bit: { name: 'bit', type: 'string', size: 20, label: 'Bit' },
    summary: { name: 'summary', type: 'string', size: 12, label: 'Summary' },
  },
  indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
  relations: {},
  behaviors: [],
  createdAt: 1700000000,
  modifiedAt: 1700000000,
  generatedAt: null,
};

const field = (name: string, label: string, calculate = '') => ({
  name,
  label,
  validators: [],
  formInput: { type: 'text', disabled: calculate !== '', calculate },
  group: '-group1',
  order: 0,
});

const CALC_FORM = {
  name: 'calc',
  dataModel: 'TestCalc',
  fields: [
    field('top', 'Top'),
    field('bottom', 'Bottom'),
    field('length', 'Length'),
    field('method', 'Method'),
    field('bit', 'Bit'),
    field('summary', 'Summary', "[method] + ', ' + [bit]"),
  ],
  filterDataModels: {},
  requiredFilters: [],
};

describe.each(DIALECTS)('calculated columns (%s)', (dialect) => {
  let t: RecordsTestApp;
  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    await saveAndSync(t.db, dialect, CALC_MODEL);
    await createTemplateStore(t.db).saveForm(parseFormTemplate(CALC_FORM));
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: t.admin });

  it('computes the model formula from numbers sent as text, ignoring a sent value', async () => {
    const created = await send('POST', '/api/v1/global?name=TestCalc', { top: '1.5', bottom: '4', length: 99 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ top: 1.5, bottom: 4, length: 2.5 });
  });

  it('recomputes on update from the stored record and the change', async () => {
    const { id } = (await send('POST', '/api/v1/global?name=TestCalc', { top: 10, bottom: 12 })).json<{ id: number }>();
    const updated = await send('PUT', `/api/v1/global/${id}?name=TestCalc`, { bottom: 20 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ top: 10, bottom: 20, length: 10 });
  });

  it("applies the form field's formula (text concatenation) as well as the model's", async () => {
    const created = await send('POST', '/api/v1/form?name=calc', { top: 0, bottom: 3, method: 'Rotary', bit: 'HQ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ length: 3, summary: 'Rotary, HQ' });
  });

  it('validates what a formula produced: required and size, with 422 and nothing written', async () => {
    const missing = await send('POST', '/api/v1/global?name=TestCalc', { top: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual([{ field: 'length', message: 'Length is required' }]);
    const long = await send('POST', '/api/v1/form?name=calc', {
      top: 0,
      bottom: 1,
      method: 'Rotary coring',
      bit: 'HQ3',
    });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual([{ field: 'summary', message: 'Summary must be less than 12 characters' }]);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/form?name=calc&per-page=-1', headers: t.admin });
    expect(all.json<{ items: { summary: string | null }[] }>().items.map((r) => r.summary)).toEqual([
      null,
      null,
      'Rotary, HQ',
    ]);
  });
});
