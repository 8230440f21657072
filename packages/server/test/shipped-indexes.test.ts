import type { ModelTemplate } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { introspectTable, syncModelTable } from '../src/engine/schema-sync';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDrillingModel } from '../src/seed/drilling-model';
import { DIALECTS } from './helpers/dialects';
import { testConfig } from './helpers/test-app';
import { type TestDatabase, createTestDatabase } from './helpers/test-database';

const SAMPLE = 'CurationSample';

// An installation seeded before the shipped CurationSample template gained its index on `top`:
// seeding never overwrites a stored template, so only a start can give it the index.
describe.each(DIALECTS)('shipped indexes reach an older installation (%s)', (dialect) => {
  let database: TestDatabase;
  const start = async () => {
    const app = await buildApp(testConfig({ database: database.config, dataDir: database.dataDir }), { database });
    await app.close();
  };
  const store = () => createTemplateStore(database.db);
  const liveIndexes = async () =>
    ((await introspectTable(database.db, dialect, 'curation_sample'))?.indices ?? []).map((index) => index.name);
  const saveAndBuild = async (model: ModelTemplate) => {
    const templates = store();
    const saved = await templates.saveModel(model);
    await syncModelTable(database.db, dialect, saved, { templates: templates.repository });
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    await seedDrillingModel(database.db, dialect);
    // The older installation: its template and table without `top`, and a curator's own edit.
    const old = await store().requireModel(SAMPLE);
    const { top: _top, ...indices } = old.indices;
    const columns = { ...old.columns, igsn: { ...old.columns.igsn, label: 'Our IGSN' } };
    await saveAndBuild({ ...old, indices, columns });
  });
  afterAll(() => database.destroy());

  it('the next start adds the index to the template and the table, keeping the curator’s edits', async () => {
    expect(await liveIndexes()).not.toContain('curation_sample__top');
    await start();
    const model = await store().requireModel(SAMPLE);
    expect(model.indices.top).toEqual({ name: 'top', type: 'KEY', columns: ['top'] });
    expect(model.columns.igsn.label).toBe('Our IGSN');
    expect(await liveIndexes()).toContain('curation_sample__top');
    // The table is in step with the stored template: the template manager shows nothing to build.
    const state = await store().syncState(SAMPLE);
    expect(state?.appliedVersion).toBe(state?.version);
  });

  it('an index the administrator removes afterwards stays removed', async () => {
    const model = await store().requireModel(SAMPLE);
    const { top: _top, ...indices } = model.indices;
    await saveAndBuild({ ...model, indices });
    await start();
    expect((await store().requireModel(SAMPLE)).indices.top).toBeUndefined();
    expect(await liveIndexes()).not.toContain('curation_sample__top');
  });
});
