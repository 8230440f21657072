import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formTemplateSchema } from '@mdis/shared';
import { CORE_FORM, CORE_MODEL, core } from '../../engine/form-screen/test/fixtures';
import type { OfflineDb } from './offlineDb';
import { closeTestOfflineDb, openTestOfflineDb } from './offlineTestDb';
import { answerOffline, keepAnswer } from './offlineResponder';
import { saveScope } from './offlineStore';

// A model-backed select offline (issue 22): its options come from the kept records of the model,
// searched as the server searches them, not only from the last answer seen online.

const asyncLists = (query: string) => `api/v1/global/async-lists?name=CoreCore&fields=comment,id&sort=comment${query}`;
const items = async (query: string) =>
  ((await answerOffline({ method: 'GET', url: asyncLists(query), body: undefined }))?.data as { items: unknown[] })
    .items;

let db: OfflineDb;
beforeEach(async () => {
  db = openTestOfflineDb();
  await saveScope(
    {
      root: { form: 'hole', id: 7 },
      takenAt: new Date().toISOString(),
      forms: [formTemplateSchema.parse(CORE_FORM)],
      models: [CORE_MODEL],
      records: [
        {
          form: 'core',
          model: 'CoreCore',
          records: [core(1, { comment: 'Basalt' }), core(2, { comment: 'clay' }), core(3, { comment: 'Breccia' })],
          versions: {},
        },
      ],
      valueLists: {},
    },
    { bytes: 1, ms: 1 },
  );
});
afterEach(() => closeTestOfflineDb(db));

describe("a model-backed select's options offline", () => {
  it('come from the kept records: prefix search, filter, selected values first, sorted by the text', async () => {
    // seen online once: a different answer, which the kept records replace
    await keepAnswer({ method: 'GET', url: asyncLists(''), body: undefined }, { items: [{ comment: 'old', id: 9 }] });
    expect(await items('')).toEqual([
      { comment: 'Basalt', id: 1 },
      { comment: 'Breccia', id: 3 },
      { comment: 'clay', id: 2 },
    ]);
    expect(await items('&q=b')).toEqual([
      { comment: 'Basalt', id: 1 },
      { comment: 'Breccia', id: 3 },
    ]);
    expect(await items('&value=2')).toEqual([
      { comment: 'clay', id: 2 },
      { comment: 'Basalt', id: 1 },
      { comment: 'Breccia', id: 3 },
    ]);
    expect(await items(`&${encodeURIComponent('filter[core]')}=${encodeURIComponent('>1')}`)).toEqual([
      { comment: 'Breccia', id: 3 },
      { comment: 'clay', id: 2 },
    ]);
  });

  it('of a model not kept: the last answer online, else none', async () => {
    const other = 'api/v1/global/async-lists?name=Other&fields=name,id&sort=name';
    expect(await answerOffline({ method: 'GET', url: other, body: undefined })).toEqual({ data: { items: [] } });
    await keepAnswer({ method: 'GET', url: other, body: undefined }, { items: [{ name: 'x', id: 1 }] });
    expect(await answerOffline({ method: 'GET', url: other, body: undefined })).toEqual({
      data: { items: [{ name: 'x', id: 1 }] },
    });
  });
});
