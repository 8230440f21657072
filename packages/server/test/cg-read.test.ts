import { parseFormTemplate, parseModelTemplate } from '@mdis/shared';
import { FIXTURE_FORMS, FIXTURE_MODELS } from '@mdis/shared/templates/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncModelTable } from '../src/engine/schema-sync';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const CG = '/cg/api';

describe.each(DIALECTS)('template reads under cg/api (%s)', (dialect) => {
  let t: TestApp;
  const headersOf = async (input: Parameters<typeof signedInUser>[2]) =>
    (await signedInUser(t.app, t.db, input)).headers;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const store = createTemplateStore(t.db);
    for (const model of FIXTURE_MODELS) await store.saveModel(parseModelTemplate(model), { keepTimestamps: true });
    for (const form of FIXTURE_FORMS) await store.saveForm(parseFormTemplate(form), { keepTimestamps: true });
    await syncModelTable(t.db, dialect, await store.requireModel('ProjectProgram'), { templates: store.repository });
  });
  afterEach(() => t.close());

  const get = async (url: string, headers?: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: `${CG}${url}`, ...(headers && { headers }) });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };

  it('answers the whole summary to a developer', async () => {
    const { status, body } = await get('/summary', await headersOf({ roles: ['developer'] }));
    expect(status).toBe(200);
    expect(body.modules).toEqual(['Project']);
    expect(body.forms).toEqual([
      {
        name: 'expedition',
        dataModel: 'ProjectExpedition',
        modifiedAt: 1600000300,
        generatedAt: null,
        generatedFiles: [],
        customVueFile: false,
      },
      {
        name: 'site',
        dataModel: 'ProjectSite',
        modifiedAt: 1600000300,
        generatedAt: 1600000400,
        generatedFiles: [],
        customVueFile: false,
      },
    ]);
    const models = body.models as Record<string, unknown>[];
    expect(models.map((m) => [m.fullName, m.isTableCreated])).toEqual([
      ['ProjectExpedition', false],
      ['ProjectProgram', true],
      ['ProjectSite', false],
    ]);
    expect(models[1]).toMatchObject({
      name: 'Program',
      module: 'Project',
      table: 'project_program',
      parentModel: null,
      modifiedAt: 1600000100,
      generatedFiles: [],
    });
    expect(typeof models[1]?.tableGenerationTimestamp).toBe('number');
    expect(Object.keys(models[2]?.columns as object)).toContain('expedition_id');
  });

  it('limits the summary to the forms a user may view and their models', async () => {
    const { body } = await get('/summary', await headersOf({ roles: [], permissions: ['form-site:view'] }));
    expect((body.forms as { name: string }[]).map((f) => f.name)).toEqual(['site']);
    expect((body.models as { fullName: string }[]).map((m) => m.fullName)).toEqual(['ProjectSite']);
    const none = await get('/summary', await headersOf({ roles: [] }));
    expect(none.body).toEqual({ modules: [], models: [], forms: [] });
  });

  it('answers a model template to whoever may view a form built on it', async () => {
    const viewer = await headersOf({ roles: ['viewer'] });
    const { status, body } = await get('/get-model-template?name=ProjectSite', viewer);
    expect(status).toBe(200);
    expect(body).toEqual(parseModelTemplate(FIXTURE_MODELS[2]));
    const siteOnly = await headersOf({ roles: [], permissions: ['form-site:edit'] });
    expect((await get('/get-model-template?name=ProjectSite', siteOnly)).status).toBe(200);
    const expeditionOnly = await headersOf({ roles: [], permissions: ['form-expedition:view'] });
    expect((await get('/get-model-template?name=ProjectSite', expeditionOnly)).status).toBe(403);
    // A model without any form is for developers only.
    expect((await get('/get-model-template?name=ProjectProgram', viewer)).status).toBe(403);
    const developer = await headersOf({ roles: ['developer'] });
    expect((await get('/get-model-template?name=ProjectProgram', developer)).status).toBe(200);
    expect(await get('/get-model-template?name=Nothing', viewer)).toEqual({
      status: 404,
      body: { name: 'Not Found', message: 'model not found', code: 'NOT_FOUND', status: 404 },
    });
  });

  it('answers a form template to whoever may view the form', async () => {
    const limited = await headersOf({ roles: [], permissions: ['records:5065:view'] });
    const { status, body } = await get('/get-form-template?name=site', limited);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'site',
      dataModel: 'ProjectSite',
      requiredFilters: [{ value: 'expedition', as: 'expedition_id' }],
    });
    const other = await headersOf({ roles: [], permissions: ['form-expedition:view'] });
    expect((await get('/get-form-template?name=site', other)).status).toBe(403);
    expect((await get('/get-form-template?name=nothing', other)).body).toMatchObject({
      status: 404,
      message: 'form not found',
    });
  });

  it('needs a signed-in user and a name (400 for a missing parameter)', async () => {
    expect((await get('/summary')).status).toBe(401);
    expect((await get('/get-form-template')).status).toBe(401);
    const viewer = await headersOf({ roles: ['viewer'] });
    expect((await get('/get-form-template', viewer)).status).toBe(400);
  });
});
