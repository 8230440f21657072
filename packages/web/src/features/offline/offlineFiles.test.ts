import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineDb } from './offlineDb';
import {
  fileTargetOf,
  mappedTarget,
  queueFile,
  queuedFiles,
  remapQueuedFiles,
  uploadQueuedFiles,
} from './offlineFiles';
import type { StoredFile } from './offlineFiles';
import { closeTestOfflineDb, openTestOfflineDb } from './offlineTestDb';
import { tempIdOf } from './offlineStore';

const KEYS = ['expedition', 'site', 'hole', 'core', 'section'];
const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
const newCore = { key: 'core', column: 'core_id', id: -3, label: '5099_1_A_3 (pending)' };

describe('photos kept offline for their record (issue 22 item 5)', () => {
  let db: OfflineDb;
  beforeEach(() => {
    db = openTestOfflineDb();
  });
  afterEach(() => closeTestOfflineDb(db));

  it("goes to the deepest record of the upload screen's filter, a record created offline too", () => {
    expect(fileTargetOf({ expedition: 2, site: 3, hole: 7, core: -3 }, KEYS)).toEqual({
      key: 'core',
      column: 'core_id',
      id: -3,
    });
    expect(fileTargetOf({ expedition: 2, hole: 'x' }, KEYS)).toEqual({
      key: 'expedition',
      column: 'expedition_id',
      id: 2,
    });
    expect(fileTargetOf({}, KEYS)).toBeNull();
  });

  it('keeps the bytes with a client operation id and lists the file with its record', async () => {
    expect(await queueFile(photo('core.jpg'), 'UN', newCore)).toBeNull();
    const [listed] = await queuedFiles();
    expect(listed).toMatchObject({ name: 'core.jpg', size: 3, type: 'UN', target: newCore });
    expect(listed.opId).toMatch(/^[0-9a-f]{32}$/);
    expect(listed).not.toHaveProperty('blob');
    // the bytes themselves: the e2e reads them back in Chromium (jsdom's Blob does not survive the fake store)
    expect((await db.files.toArray())[0]?.blob).toBeDefined();
  });

  it('waits while its record has only a temporary id, and goes up under the real one after the sync', async () => {
    await queueFile(photo('core.jpg'), 'UN', newCore);
    const sent: StoredFile[] = [];
    const send = (file: StoredFile) => {
      sent.push(file);
      return Promise.resolve();
    };
    expect(await uploadQueuedFiles(send)).toBe(0);
    await remapQueuedFiles({ [tempIdOf(-3)]: 42, [tempIdOf(-4)]: 43 });
    expect(await uploadQueuedFiles(send)).toBe(1);
    expect(sent.map((file) => [file.name, file.target.column, file.target.id])).toEqual([['core.jpg', 'core_id', 42]]);
    expect(await queuedFiles()).toEqual([]);
  });

  it('stays queued with the reason when an upload fails, and keeps its operation id for the retry', async () => {
    await queueFile(photo('core.jpg'), 'UN', { ...newCore, id: 5 });
    const [before] = await queuedFiles();
    expect(await uploadQueuedFiles(() => Promise.reject(new Error('The server could not be reached')))).toBe(0);
    const [after] = await queuedFiles();
    expect(after).toMatchObject({ opId: before.opId, error: 'The server could not be reached' });
  });

  it('leaves ids the sync did not map as they are', () => {
    expect(mappedTarget(newCore, { [tempIdOf(-9)]: 9 })).toBe(newCore);
    expect(mappedTarget({ ...newCore, id: 5 }, { [tempIdOf(-5)]: 9 }).id).toBe(5);
  });
});

describe('the store of version 1 opened by version 2', () => {
  it('keeps the queue and records written before the files table came', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ records: 'key, form, model, pending', queue: '++seq', meta: 'key' });
    await old.table('queue').add({ op: { opId: 'a', form: 'core', action: 'create' } });
    old.close();
    const db = new OfflineDb(name);
    expect(await db.queue.count()).toBe(1);
    expect(await db.files.count()).toBe(0);
    await db.delete();
  });
});
