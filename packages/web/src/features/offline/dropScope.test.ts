import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formTemplateSchema, type OfflineScope } from '@mdis/shared';
import { CORE_FORM, CORE_MODEL, core } from '../../engine/form-screen/test/fixtures';
import { dropRefusedMessage, dropScope } from './dropScope';
import type { OfflineDb } from './offlineDb';
import { closeTestOfflineDb, openTestOfflineDb } from './offlineTestDb';
import { answerOffline } from './offlineResponder';
import { keptScopes, saveScope } from './offlineStore';
import { isKeptOffline, markKeptOffline } from './registerOffline';

const HOLE_FORM = formTemplateSchema.parse({ ...CORE_FORM, name: 'hole', dataModel: 'ProjectHole' });
const HOLE_MODEL = { ...CORE_MODEL, name: 'Hole', table: 'project_hole', fullName: 'ProjectHole', columns: {} };
const CORES = { ...CORE_MODEL, parentModel: 'ProjectHole' };

/** A hole and its cores kept offline. */
const scopeOf = (hole: number, coreIds: number[]): OfflineScope => ({
  root: { form: 'hole', id: hole },
  takenAt: new Date().toISOString(),
  forms: [formTemplateSchema.parse(CORE_FORM), HOLE_FORM],
  models: [HOLE_MODEL, CORES],
  records: [
    { form: 'hole', model: 'ProjectHole', records: [{ id: hole, hole: 'A' }], versions: {} },
    { form: 'core', model: 'CoreCore', records: coreIds.map((id) => core(id, { hole_id: hole })), versions: {} },
  ],
  valueLists: {},
});

const coreIds = async () =>
  (
    (await answerOffline({ method: 'GET', url: 'api/v1/form?name=core&per-page=-1&sort=id', body: undefined }))
      ?.data as { items: { id: number }[] } | undefined
  )?.items.map((row) => row.id);

let db: OfflineDb;
beforeEach(async () => {
  db = openTestOfflineDb();
  markKeptOffline();
  await saveScope(scopeOf(7, [1, 2]), { bytes: 1, ms: 1 });
  await saveScope(scopeOf(8, [3]), { bytes: 1, ms: 1 });
});
afterEach(() => closeTestOfflineDb(db));

describe('removing a scope kept offline', () => {
  it("removes the hole's records and leaves the other scope as it was", async () => {
    await dropScope({ form: 'hole', id: 7 });
    expect((await keptScopes()).map((scope) => scope.id)).toEqual([8]);
    expect(await coreIds()).toEqual([3]);
    expect(isKeptOffline()).toBe(true);
    // the last one: the browser no longer works offline
    await dropScope({ form: 'hole', id: 8 });
    expect(await keptScopes()).toEqual([]);
    expect(await db.records.count()).toBe(0);
    expect(isKeptOffline()).toBe(false);
  });

  it('refuses with a clear message while changes of that scope wait for the server', async () => {
    await answerOffline({ method: 'PUT', url: 'api/v1/form/1?name=core', body: { ...core(1), comment: 'mine' } });
    await expect(dropScope({ form: 'hole', id: 7 })).rejects.toThrow(dropRefusedMessage({ form: 'hole', id: 7 }, 1));
    expect(dropRefusedMessage({ form: 'hole', id: 7 }, 1)).toBe(
      'Hole 7 has 1 change waiting for the server: sync it (or discard it) before removing it from this browser.',
    );
    // named as the status details name it
    expect(dropRefusedMessage({ form: 'hole', id: 7, title: 'Hole 5099_1_A' }, 2)).toMatch(
      /^Hole 5099_1_A has 2 changes/,
    );
    expect(await coreIds()).toEqual([1, 2, 3]);
    // the other scope has nothing waiting
    await dropScope({ form: 'hole', id: 8 });
    expect(await coreIds()).toEqual([1, 2]);
  });
});
