import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formTemplateSchema, type OfflineScope, type SyncResponse } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';
import { isApiError } from '../../platform/api/ApiError';
import { COMBINED_ID_FIELD, CORE_FORM, CORE_MODEL, core } from '../../engine/form-screen/test/fixtures';
import type { OfflineDb } from './offlineDb';
import { closeTestOfflineDb, openTestOfflineDb, signInAs } from './offlineTestDb';
import { answerOffline, keepAnswer } from './offlineResponder';
import { OTHER_OWNER_MESSAGE, PENDING_TEXT, queue, saveScope, storedRecord } from './offlineStore';
import { discard, resubmit } from './resolveRefused';
import { syncNow } from './syncRunner';

const FORM = formTemplateSchema.parse({
  ...CORE_FORM,
  fields: [...CORE_FORM.fields, COMBINED_ID_FIELD],
});

const SCOPE: OfflineScope = {
  root: { form: 'hole', id: 7 },
  takenAt: new Date().toISOString(),
  forms: [FORM],
  models: [CORE_MODEL],
  records: [
    { form: 'core', model: 'CoreCore', records: [core(1), core(2)], versions: { '1': 10, '2': 11 } },
    { form: 'hole', model: 'ProjectHole', records: [{ id: 7, hole: 'A', site_id: 3, expedition_id: 2 }], versions: {} },
  ],
  valueLists: {},
};

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const answer = await answerOffline({ method, url: `api/v1/${url}`, body });
  return answer?.data as Record<string, unknown> & { items?: Record<string, unknown>[] };
};

/** The API client answering `POST api/v1/sync` with `answer(operations)`. */
function serverAnswers(answer: (ops: Record<string, unknown>[]) => SyncResponse): Record<string, unknown>[][] {
  const uploads: Record<string, unknown>[][] = [];
  api.configure({
    fetch: (_url, init) => {
      const ops = (
        JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { operations: Record<string, unknown>[] }
      ).operations;
      uploads.push(ops);
      return Promise.resolve(
        new Response(JSON.stringify(answer(ops)), { headers: { 'content-type': 'application/json' } }),
      );
    },
  });
  return uploads;
}

let db: OfflineDb;
beforeEach(async () => {
  db = openTestOfflineDb();
  await saveScope(SCOPE, { bytes: 1, ms: 1 });
});
afterEach(async () => {
  api.configure({ fetch: undefined });
  await closeTestOfflineDb(db);
});

describe('the offline store answering the records API', () => {
  it('answers the list and a record of a kept form, and nothing for other forms', async () => {
    const list = await call('GET', 'form?name=core&page=1&per-page=20&sort=-core&filter%5Bhole_id%5D=7');
    expect(list.items?.map((row) => row.id)).toEqual([2, 1]);
    expect((await call('GET', 'form/2?name=core')).comment).toBe('core 2');
    expect(await answerOffline({ method: 'GET', url: 'api/v1/form?name=sample', body: undefined })).toBeUndefined();
  });

  it('answers filter-bar options: kept from online answers, or from the stored records of the model', async () => {
    const expeditions = `models[]=${encodeURIComponent(JSON.stringify({ model: 'expedition', require: null }))}`;
    const holes = `models[]=${encodeURIComponent(JSON.stringify({ model: 'hole', require: { as: 'site_id', value: 3 } }))}`;
    // answered online for the hole form: kept one select at a time
    await keepAnswer(
      { method: 'GET', url: `api/v1/form/filter-lists?name=hole&${expeditions}`, body: undefined },
      { expedition: [{ value: 1, text: 'OFFL' }] },
    );
    const answer = await call('GET', `form/filter-lists?name=core&${expeditions}&${holes}`);
    expect(answer).toEqual({ expedition: [{ value: 1, text: 'OFFL' }], hole: [{ value: 7, text: 'A', site_id: 3 }] });
  });

  it('creates with a temporary id, shows server-assigned fields as pending and queues the create', async () => {
    const created = await call('POST', 'form?name=core', { hole_id: 7, core: 3, comment: 'new' });
    expect(created).toMatchObject({ id: -1, core: 3, combined_id: PENDING_TEXT });
    await call('PUT', 'form/-1?name=core', { ...created, comment: 'newer' });
    await call('PUT', 'form/1?name=core', { ...core(1), comment: 'edited' });
    const ops = await queue();
    expect(ops.map(({ action, tempId, id, baseVersion }) => ({ action, tempId, id, baseVersion }))).toEqual([
      { action: 'create', tempId: 'tmp1', id: undefined, baseVersion: undefined },
      { action: 'update', tempId: undefined, id: 'tmp1', baseVersion: undefined },
      { action: 'update', tempId: undefined, id: 1, baseVersion: 10 },
    ]);
    // what the server assigns is never sent back as "pending"
    expect(ops[1]?.values).not.toHaveProperty('combined_id');
    expect((await call('GET', 'form?name=core&per-page=-1&sort=id')).items?.map((row) => row.id)).toEqual([1, 2, -1]);
  });

  it('shows a new record in the lists filtered by its ancestors, taken from its parent kept offline', async () => {
    await call('POST', 'form?name=core', { hole_id: 7, core: 3 });
    const list = await call('GET', 'form?name=core&per-page=-1&filter%5Bexpedition_id%5D=2&filter%5Bsite_id%5D=3');
    expect(list.items?.map((row) => row.id)).toEqual([-1]);
    expect((await queue())[0]?.values).toEqual({ hole_id: 7, core: 3 });
  });

  it('refuses invalid values with the shared validator (422) and queues nothing', async () => {
    const refusal = await call('POST', 'form?name=core', { hole_id: 7, core: '' }).catch((error: unknown) => error);
    expect(isApiError(refusal) && refusal.status).toBe(422);
    expect(isApiError(refusal) && refusal.fieldErrors.map((e) => e.field)).toEqual(['core']);
    expect(await queue()).toEqual([]);
  });

  it('forgets a record created offline and deleted before any sync, with its queued changes', async () => {
    await call('POST', 'form?name=core', { hole_id: 7, core: 3 });
    await call('PUT', 'form/-1?name=core', { hole_id: 7, core: 4 });
    await call('DELETE', 'form/-1?name=core');
    await call('DELETE', 'form/2?name=core');
    expect((await queue()).map((op) => [op.action, op.id])).toEqual([['delete', 2]]);
    expect((await call('GET', 'form?name=core&per-page=-1')).items?.map((row) => row.id)).toEqual([1]);
  });
});

describe('another user of the same browser', () => {
  it('gets no records kept by the first one, and cannot take over while their changes wait', async () => {
    await call('PUT', 'form/1?name=core', { ...core(1), comment: 'edited' });
    signInAs('bob');
    expect(await answerOffline({ method: 'GET', url: 'api/v1/form?name=core', body: undefined })).toBeUndefined();
    await expect(saveScope(SCOPE, { bytes: 1, ms: 1 })).rejects.toThrow(OTHER_OWNER_MESSAGE);
    signInAs('ann');
    expect((await call('GET', 'form/1?name=core')).comment).toBe('edited');
  });
});

describe('sync', () => {
  it('replays the queue, moves the temporary id to the server id and takes the server answer', async () => {
    await call('POST', 'form?name=core', { hole_id: 7, core: 3 });
    await call('PUT', 'form/1?name=core', { ...core(1), comment: 'edited' });
    const uploads = serverAnswers((ops) => ({
      results: [
        {
          opId: String(ops[0]?.opId),
          status: 'applied',
          id: 70,
          tempId: 'tmp1',
          record: { id: 70, core: 3, combined_id: 'X_3' },
          version: 50,
        },
        {
          opId: String(ops[1]?.opId),
          status: 'applied',
          id: 1,
          record: { ...core(1), comment: 'edited' },
          version: 51,
        },
      ],
      idMap: { tmp1: 70 },
    }));
    await expect(syncNow()).resolves.toMatchObject({ uploaded: 2, applied: 2, refused: 0 });
    expect(uploads).toHaveLength(1);
    expect(await queue()).toEqual([]);
    expect(await storedRecord('core', -1)).toBeUndefined();
    expect(await storedRecord('core', 70)).toMatchObject({ version: 50, record: { combined_id: 'X_3' } });
    expect((await storedRecord('core', 1))?.pending).toBeUndefined();
  });

  it('keeps a conflict queued with the server record; resubmitted, it names the server version as base', async () => {
    await call('PUT', 'form/1?name=core', { ...core(1), top_depth: 12, comment: 'mine' });
    const server = { ...core(1), top_depth: 15 };
    serverAnswers((ops) => ({
      results: [
        {
          opId: String(ops[0]?.opId),
          status: 'conflict',
          id: 1,
          record: server,
          version: 60,
          serverChanges: ['top_depth'],
        },
      ],
      idMap: {},
    }));
    await syncNow();
    const [refused] = await queue();
    expect(refused.refused).toMatchObject({ status: 'conflict', version: 60, serverChanges: ['top_depth'] });
    await resubmit(refused, { ...refused.values, top_depth: 15 });
    expect((await queue())[0]).toMatchObject({ baseVersion: 60, values: { top_depth: 15, comment: 'mine' } });
    expect((await queue())[0]?.refused).toBeUndefined();
    expect((await storedRecord('core', 1))?.record).toMatchObject({ top_depth: 15, comment: 'mine' });
  });

  it('discarding a refused change puts the server record back', async () => {
    await call('PUT', 'form/1?name=core', { ...core(1), comment: 'mine' });
    serverAnswers((ops) => ({
      results: [
        {
          opId: String(ops[0]?.opId),
          status: 'conflict',
          id: 1,
          record: { ...core(1), comment: 'theirs' },
          version: 61,
        },
      ],
      idMap: {},
    }));
    await syncNow();
    const [refused] = await queue();
    await discard(refused);
    expect(await queue()).toEqual([]);
    expect(await storedRecord('core', 1)).toMatchObject({ version: 61, record: { comment: 'theirs' } });
  });
});
