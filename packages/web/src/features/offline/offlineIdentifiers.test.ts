import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combinedIdOf, drillingCombinedIdNaming, formTemplateSchema, type OfflineScope } from '@mdis/shared';
import { COMBINED_ID_FIELD, CORE_FORM, CORE_MODEL, core } from '../../engine/form-screen/test/fixtures';
import type { OfflineDb } from './offlineDb';
import { closeTestOfflineDb, openTestOfflineDb } from './offlineTestDb';
import { answerOffline } from './offlineResponder';
import { queue, saveScope } from './offlineStore';

// Provisional identifiers offline (issue 22 item 2): what the server's behaviors will assign,
// computed in the browser from the kept records with the same shared rules.

const CORE = formTemplateSchema.parse({ ...CORE_FORM, fields: [...CORE_FORM.fields, COMBINED_ID_FIELD] });
const SECTION = formTemplateSchema.parse({
  ...CORE_FORM,
  name: 'section',
  dataModel: 'CoreSection',
  fields: [
    { ...CORE_FORM.fields[0], name: 'section', label: 'Section', formInput: { type: 'text' } },
    COMBINED_ID_FIELD,
  ],
  requiredFilters: [{ value: 'core', as: 'core_id' }],
});
const behavior = (name: string, parameters: Record<string, unknown>) => ({
  behaviorClass: `app\\behaviors\\template\\${name}`,
  parameters,
});
const HOLE_MODEL = {
  ...CORE_MODEL,
  name: 'Hole',
  table: 'project_hole',
  fullName: 'ProjectHole',
  columns: {
    id: { name: 'id', type: 'integer' },
    hole: { name: 'hole', type: 'string' },
    combined_id: { name: 'combined_id', type: 'string' },
  },
};
const CORE_WITH_ID = {
  ...CORE_MODEL,
  parentModel: 'ProjectHole',
  columns: { ...CORE_MODEL.columns, combined_id: { name: 'combined_id', type: 'string' } },
  behaviors: [behavior('UniqueCombinationAutoIncrementBehavior', { searchFields: ['hole_id'], fieldToFill: 'core' })],
};
const SECTION_MODEL = {
  ...CORE_MODEL,
  name: 'Section',
  table: 'core_section',
  fullName: 'CoreSection',
  parentModel: 'CoreCore',
  columns: {
    id: { name: 'id', type: 'integer' },
    core_id: { name: 'core_id', type: 'integer' },
    section: { name: 'section', type: 'integer' },
    combined_id: { name: 'combined_id', type: 'string' },
  },
};
const HOLE = { id: 7, hole: 'A', site_id: 3, expedition_id: 2, combined_id: '5065_1_A' };

const SCOPE: OfflineScope = {
  root: { form: 'hole', id: 7 },
  takenAt: new Date().toISOString(),
  forms: [CORE, SECTION],
  models: [HOLE_MODEL, CORE_WITH_ID, SECTION_MODEL],
  records: [
    { form: 'core', model: 'CoreCore', records: [core(1), core(2)], versions: { '1': 10, '2': 11 } },
    { form: 'hole', model: 'ProjectHole', records: [HOLE], versions: {} },
  ],
  valueLists: {},
};

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  (await answerOffline({ method, url: `api/v1/${url}`, body }))?.data as Record<string, unknown>;

let db: OfflineDb;
beforeEach(async () => {
  db = openTestOfflineDb();
  await saveScope(SCOPE, { bytes: 1, ms: 1 });
});
afterEach(() => closeTestOfflineDb(db));

describe('identifiers of records made offline', () => {
  it("shows the combined id the server's rule gives for the same records, marked pending", async () => {
    const created = await call('POST', 'form?name=core', { hole_id: 7, core: 4 });
    // the server's behavior runs the same shared rule on the same hole and core
    const naming = drillingCombinedIdNaming(CORE_WITH_ID);
    const server =
      naming &&
      combinedIdOf(
        naming,
        { hole_id: 7, core: 4 },
        {
          model: HOLE_MODEL as never,
          naming: drillingCombinedIdNaming(HOLE_MODEL),
          record: HOLE,
        },
      );
    expect(server).toBe('5065_1_A_004');
    expect(created.combined_id).toBe(`${String(server)} (pending)`);
    expect((await call('GET', 'form/-1?name=core')).combined_id).toBe('5065_1_A_004 (pending)');
    // nothing provisional goes to the server: it assigns the final one
    expect((await queue())[0]?.values).not.toHaveProperty('combined_id');
  });

  it('builds a child of a record made offline on its provisional combined id, and follows a renumbering', async () => {
    const created = await call('POST', 'form?name=core', { hole_id: 7, core: 4 });
    const section = await call('POST', 'form?name=section', { core_id: -1, section: 1 });
    expect(section.combined_id).toBe('5065_1_A_004_1 (pending)');
    const renumbered = await call('PUT', 'form/-1?name=core', { ...created, core: 5 });
    expect(renumbered.combined_id).toBe('5065_1_A_005 (pending)');
    const update = (await queue())[2]?.values;
    expect(update).toMatchObject({ hole_id: 7, core: 5 });
    expect(update).not.toHaveProperty('combined_id');
  });

  it('offers the next number of the group as a default, from the kept records', async () => {
    expect(await call('POST', 'form/defaults?name=core', { hole_id: 7 })).toMatchObject({ hole_id: 7, core: 3 });
    await call('POST', 'form?name=core', { hole_id: 7, core: 3 });
    expect(await call('POST', 'form/defaults?name=core', { hole_id: 7 })).toMatchObject({ core: 4 });
    // a number the user typed stays
    expect(await call('POST', 'form/defaults?name=core', { hole_id: 7, core: 9 })).toMatchObject({ core: 9 });
  });
});
