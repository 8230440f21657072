import { SESSION_COOKIE } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { asRecord, boxModel, createCgApp, type CgTestApp } from './cg-helpers';

/**
 * Issue 24 items 8 and 16: model names in upper camel case, a module plus name that exists refused
 * with 'model name {x} already exists' (spec 3 §5), and the original client's GET duplicate.
 */
describe.each(DIALECTS)('cg/api model names and GET duplicate (%s)', (dialect) => {
  let t: CgTestApp;
  beforeAll(async () => {
    t = await createCgApp(dialect);
  });
  afterAll(() => t.close());

  it("refuses a name that upper camel case would silently change: 'Model name is invalid', nothing stored", async () => {
    expect(await t.call('POST', 'create-model', { template: boxModel('123 bad-name!') })).toMatchObject({
      status: 422,
      body: [{ field: 'name', message: 'Model name is invalid' }],
    });
    expect((await t.call('GET', 'get-model-template?name=Curation123BadName')).status).toBe(404);
    expect((await t.call('POST', 'create-model', { template: boxModel('core box') })).status).toBe(201);
  });

  it('says a taken name already exists when duplicating onto it, whatever its module', async () => {
    for (const newName of ['ProjectSite', 'CurationStorage'])
      expect(await t.call('POST', `duplicate?type=model&oldName=CurationCorebox&newName=${newName}`)).toMatchObject({
        status: 422,
        body: [{ field: 'name', message: `model name ${newName} already exists` }],
      });
    expect((await t.call('POST', 'duplicate?type=model&oldName=CurationCorebox&newName=Curation2Box')).body).toEqual([
      { field: 'newName', message: 'Model name is invalid' },
    ]);
  });

  it('duplicates with GET as the original client does: 200, table and parent relation renamed', async () => {
    const url = 'duplicate?type=model&oldName=ProjectHole&newName=ProjectHoleDup';
    const copy = await t.call('GET', url);
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ name: 'HoleDup', table: 'project_hole_dup', fullName: 'ProjectHoleDup' });
    expect(Object.keys(asRecord(asRecord(copy.body).relations))).toContain('project_hole_dup__project_site__parent');
    expect((await t.call('GET', 'get-model-template?name=ProjectHoleDup')).status).toBe(200);
    expect((await t.call('GET', url)).body).toEqual([
      { field: 'name', message: 'model name ProjectHoleDup already exists' },
    ]);
  });

  it('answers GET duplicate to developers by bearer header only: the session cookie, operators and viewers get nothing', async () => {
    const url = 'duplicate?type=model&oldName=ProjectHole&newName=ProjectHoleOther';
    const token = t.developer.authorization.replace(/^Bearer /, '');
    const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
    expect((await t.call('GET', 'get-model-template?name=ProjectHole', undefined, cookie)).status).toBe(200);
    expect((await t.call('GET', url, undefined, cookie)).status).toBe(401);
    expect((await t.call('GET', url, undefined, t.operator)).status).toBe(403);
    expect((await t.call('GET', url, undefined, t.viewer)).status).toBe(403);
    expect((await t.call('GET', 'get-model-template?name=ProjectHoleOther')).status).toBe(404);
  });
});
