import { AppError, parseFormTemplate, parseModelTemplate, type FormTemplate, type ModelTemplate } from '@mdis/shared';
import { FIXTURE_FORMS, FIXTURE_MODELS } from '@mdis/shared/templates/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTemplateStore, type TemplateStore } from '../src/engine/templates/template-store';
import { templateDb } from '../src/engine/templates/templates.repository';
import { migrateToLatest } from '../src/infra/db/migrate';
import { DIALECTS } from './helpers/dialects';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const [program, expedition, site] = FIXTURE_MODELS.map((m) => parseModelTemplate(m)) as [
  ModelTemplate,
  ModelTemplate,
  ModelTemplate,
];
const [expeditionForm, siteForm] = FIXTURE_FORMS.map((f) => parseFormTemplate(f)) as [FormTemplate, FormTemplate];

describe.each(DIALECTS)('template store (%s)', (dialect) => {
  let database: TestDatabase;
  let store: TemplateStore;
  let now: Date;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    now = new Date('2026-01-02T03:04:05Z');
    store = createTemplateStore(database.db, () => now);
  });
  afterEach(() => database.destroy());
  const NOW = Date.parse('2026-01-02T03:04:05Z') / 1000;

  it('saves and reads models and forms in the original JSON shape, with unix-second timestamps', async () => {
    const saved = await store.saveModel(site);
    expect(saved).toEqual({ ...site, createdAt: 1600000000, modifiedAt: NOW, generatedAt: 1600000200 });
    expect(await store.getModel('ProjectSite')).toEqual(saved);
    await store.saveForm(siteForm);
    const form = await store.getForm('site');
    expect(form).toMatchObject({ name: 'site', dataModel: 'ProjectSite', modifiedAt: NOW });
    expect(form?.fields).toEqual(siteForm.fields);
    expect(await store.getModel('Nothing')).toBeUndefined();
    expect(await store.getForm('nothing')).toBeUndefined();
  });

  it('keeps the timestamps of an import when asked, and createdAt on later saves', async () => {
    await store.saveModel(site, { keepTimestamps: true });
    expect(await store.getModel('ProjectSite')).toMatchObject({ createdAt: 1600000000, modifiedAt: 1600000100 });
    now = new Date('2026-02-01T00:00:00Z');
    const again = await store.saveModel({ ...site, createdAt: 5 });
    expect(again).toMatchObject({ createdAt: 1600000000, modifiedAt: Date.parse('2026-02-01T00:00:00Z') / 1000 });
    const row = await templateDb(database.db)
      .selectFrom('templates')
      .select(['module', 'version', 'created_at', 'modified_at', 'generated_at'])
      .where('name', '=', 'ProjectSite')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      module: 'Project',
      version: 2,
      created_at: '2020-09-13T12:26:40.000Z',
      modified_at: '2026-02-01T00:00:00.000Z',
      generated_at: '2020-09-13T12:30:00.000Z',
    });
  });

  it('lists sorted, finds the forms of a model, deletes, and 404s with the original messages', async () => {
    for (const model of [site, program, expedition]) await store.saveModel(model);
    for (const form of [siteForm, expeditionForm]) await store.saveForm(form);
    expect((await store.listModels()).map((m) => m.fullName)).toEqual([
      'ProjectExpedition',
      'ProjectProgram',
      'ProjectSite',
    ]);
    expect((await store.listForms()).map((f) => f.name)).toEqual(['expedition', 'site']);
    expect((await store.formsOfModel('ProjectSite')).map((f) => f.name)).toEqual(['site']);
    expect(await store.deleteForm('site')).toBe(true);
    expect(await store.deleteForm('site')).toBe(false);
    expect(await store.deleteModel('ProjectSite')).toBe(true);
    await expect(store.requireModel('ProjectSite')).rejects.toThrow(new AppError('NOT_FOUND', 'model not found'));
    await expect(store.requireForm('site')).rejects.toThrow(new AppError('NOT_FOUND', 'form not found'));
  });

  it('sees changes made by another instance (revision check) and hands out copies', async () => {
    const other = createTemplateStore(database.db);
    expect(await store.listModels()).toEqual([]);
    await other.saveModel(program);
    expect((await store.listModels()).map((m) => m.fullName)).toEqual(['ProjectProgram']);
    const copy = await store.getModel('ProjectProgram');
    if (copy) copy.table = 'changed';
    expect((await store.getModel('ProjectProgram'))?.table).toBe('project_program');
    await other.deleteModel('ProjectProgram');
    expect(await store.getModel('ProjectProgram')).toBeUndefined();
  });

  it('refuses an invalid template with a 422 and stores nothing', async () => {
    const bad = { ...site, columns: { x: { name: 'x', type: 'blob' } } };
    await expect(store.saveModel(bad as never)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await store.listModels()).toEqual([]);
  });
});
