import { parseFormTemplate, parseModelTemplate } from '@mdis/shared';
import { FIXTURE_FORMS, FIXTURE_MODELS } from '@mdis/shared/templates/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

describe.each(DIALECTS)('GET app/forms (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  async function formsFor(input: Parameters<typeof signedInUser>[2]) {
    const { headers } = await signedInUser(t.app, t.db, input);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/app/forms', headers });
    expect(response.statusCode).toBe(200);
    // What each table may sort and filter by is tested with the drilling model (pseudo-column-sort).
    const forms = response.json<Record<string, { key: string; columns?: unknown }[]>>();
    for (const entry of Object.values(forms).flat()) delete entry.columns;
    return forms;
  }

  async function seed() {
    const store = createTemplateStore(t.db);
    for (const model of FIXTURE_MODELS) await store.saveModel(parseModelTemplate(model));
    for (const form of FIXTURE_FORMS) await store.saveForm(parseFormTemplate(form));
    const box = parseModelTemplate({
      module: 'Curation',
      name: 'Box',
      table: 'curation_box',
      fullName: 'CurationBox',
      columns: { id: { name: 'id', type: 'integer', primaryKey: true } },
    });
    await store.saveModel(box);
    await store.saveForm({ name: 'sample-request', dataModel: 'CurationBox', fields: [] } as never);
    await store.saveForm({ name: 'corebox', dataModel: 'CurationBox', fields: [], label: 'Core Boxes' } as never);
    // facet search: the form belongs to expeditions 3 and 4 only (a bad program entry is dropped)
    const facetValues = { expedition: [3, 4], program: 'all' };
    await store.saveForm({ name: 'cuttings', dataModel: 'CurationBox', fields: [], facetValues } as never);
    await store.saveForm({ name: 'orphan', dataModel: 'Missing', fields: [] } as never);
  }

  it('is empty without form templates', async () => {
    expect(await formsFor({ roles: ['developer'] })).toEqual({});
  });

  it('groups the forms by their model module, in data-model order, for a viewer', async () => {
    await seed();
    expect(await formsFor({ roles: ['viewer'] })).toEqual({
      Curation: [
        { key: 'corebox', label: 'Core Boxes', dataModel: 'CurationBox', module: 'Curation' },
        {
          key: 'cuttings',
          label: 'Cuttings',
          dataModel: 'CurationBox',
          module: 'Curation',
          facetValues: { expedition: [3, 4] },
        },
        { key: 'sample-request', label: 'Sample Request', dataModel: 'CurationBox', module: 'Curation' },
      ],
      Project: [
        { key: 'expedition', label: 'Expedition', dataModel: 'ProjectExpedition', module: 'Project' },
        { key: 'site', label: 'Site', dataModel: 'ProjectSite', module: 'Project' },
      ],
    });
    // Project first: its models are the parents of the tree (the fixture's Box stands alone)
    expect(Object.keys(await formsFor({ roles: ['viewer'] }))).toEqual(['Project', 'Curation']);
  });

  it('lists only the forms the user may view', async () => {
    await seed();
    expect(await formsFor({ roles: [], permissions: ['form-site:view', 'form-corebox:edit'] })).toEqual({
      Curation: [{ key: 'corebox', label: 'Core Boxes', dataModel: 'CurationBox', module: 'Curation' }],
      Project: [{ key: 'site', label: 'Site', dataModel: 'ProjectSite', module: 'Project' }],
    });
    expect(await formsFor({ roles: [] })).toEqual({});
    const limited = await formsFor({ roles: [], permissions: ['records:5065_1:view'] });
    expect(
      Object.values(limited)
        .flat()
        .map((f) => f.key),
    ).toEqual(['expedition', 'site', 'corebox', 'cuttings', 'sample-request']);
  });
});
