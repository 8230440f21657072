import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxModel, type CgTestApp, createCgApp } from './cg-helpers';
import { DIALECTS } from './helpers/dialects';

/**
 * Issue 16 finding 8: a formula (`calculate`) that the expression parser refuses could be stored,
 * and every create of that model then failed. The template manager refuses it on save instead,
 * with the parser's message, and stores nothing.
 */
describe.each(DIALECTS)('template formulas checked on save (%s)', (dialect) => {
  let t: CgTestApp;
  beforeAll(async () => {
    t = await createCgApp(dialect);
  });
  afterAll(() => t.close());

  const weight = (calculate: string) => ({ name: 'weight', type: 'double', label: 'Weight', calculate });

  it('refuses a model column formula the parser refuses, on create and on update', async () => {
    const broken = boxModel('Broken', { columns: { ...boxModel().columns, weight: weight('constructor') } });
    expect(await t.call('POST', 'create-model', { template: broken })).toMatchObject({
      status: 422,
      body: [
        {
          field: 'columns.weight.calculate',
          message:
            'Weight: the calculation cannot be run: "constructor" cannot be used in an expression at position 0.',
        },
      ],
    });
    expect((await t.call('GET', 'get-model-template?name=CurationBroken')).status).toBe(404);

    const fine = boxModel('Weighed', { columns: { ...boxModel().columns, weight: weight('[box] * 2') } });
    expect((await t.call('POST', 'create-model', { template: fine })).status).toBe(201);
    const stored = (await t.call('GET', 'get-model-template?name=CurationWeighed')).body as Record<string, unknown>;
    const columns = stored.columns as Record<string, Record<string, unknown>>;
    const update = { ...stored, columns: { ...columns, weight: { ...columns.weight, calculate: '[box] +' } } };
    expect(await t.call('POST', 'update-model?name=CurationWeighed', { template: update })).toMatchObject({
      status: 422,
      body: [
        {
          field: 'columns.weight.calculate',
          message: 'Weight: the calculation cannot be run: Unexpected end of expression at position 7.',
        },
      ],
    });
  });

  it('refuses a form field formula the parser refuses, on create and on update', async () => {
    const field = (calculate: string) => ({
      name: 'comment',
      label: 'Remark',
      validators: [],
      formInput: { type: 'text', calculate },
      group: '-g',
      order: 0,
    });
    const template = (calculate: string) => ({
      name: 'formula-form',
      dataModel: 'CoreCore',
      fields: [field(calculate)],
    });
    const refused = {
      status: 422,
      body: [
        {
          field: 'fields.0.formInput.calculate',
          message:
            'Remark: the calculation cannot be run: "constructor" cannot be used in an expression at position 0.',
        },
      ],
    };
    expect(await t.call('POST', 'create-form', { template: template('constructor') })).toMatchObject(refused);
    expect((await t.call('GET', 'get-form-template?name=formula-form')).status).toBe(404);
    expect((await t.call('POST', 'create-form', { template: template('[comment]') })).status).toBe(201);
    expect(await t.call('PUT', 'update-form?name=formula-form', { template: template('constructor') })).toMatchObject(
      refused,
    );
  });
});
