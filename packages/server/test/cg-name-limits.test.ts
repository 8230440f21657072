import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CgTestApp, createCgApp } from './cg-helpers';
import { DIALECTS } from './helpers/dialects';

// Found by the fuzz test: a 300-character form or model name was a 500 on PostgreSQL (the name
// column holds 255, a table name 63) and stored on SQLite. Both refuse it now, with the same 422.
describe.each(DIALECTS)('template name lengths (%s)', (dialect) => {
  let t: CgTestApp;
  const long = 'x'.repeat(300);
  beforeAll(async () => {
    t = await createCgApp(dialect);
  });
  afterAll(() => t.close());

  it.each([
    ['create-form', 'POST', 'create-form', 'program'],
    ['rename-form', 'POST', `rename-form?name=program&newName=${long}`, undefined],
    ['duplicate (form)', 'POST', `duplicate?type=form&oldName=program&newName=${long}`, undefined],
  ])('refuses a form name of 300 characters on %s', async (_what, method, url, copyOf) => {
    const template = copyOf && ((await t.call('GET', `get-form-template?name=${copyOf}`)).body as object);
    const answer = await t.call(method, url, template ? { template: { ...template, name: long } } : undefined);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toMatchObject([{ message: 'Name is too long (at most 100 characters).' }]);
    expect((await t.call('GET', `get-form-template?name=${long}`)).status).toBe(404);
  });

  it('refuses a model whose table name would be longer than 63 characters', async () => {
    const model = (await t.call('GET', 'get-model-template?name=ProjectProgram')).body as Record<string, unknown>;
    const name = 'Y'.repeat(60);
    const answer = await t.call('POST', 'create-model', { template: { ...model, name, fullName: '', table: '' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toEqual([
      { field: 'name', message: `The table name project_${'y'.repeat(60)} is too long (at most 63 characters).` },
    ]);
  });
});
