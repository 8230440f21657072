import {
  formTemplateSchema,
  modelTemplateSchema,
  type FormTemplate,
  type ModelTemplate,
  type OfflineScope,
} from '@mdis/shared';
import { readStoredUser } from '../../platform/session/userStorage';
import { offlineDb, recordKey, type StoredRecord } from './offlineDb';
import { scopeTitle } from './scopeTitle';
import type { QueuedOperation, RecordUpdate } from './syncQueue';

/**
 * The offline store's reads and writes (IndexedDB through Dexie): scopes taken offline, the
 * records as the screens read them, and the queue of changes made offline.
 */

type Row = Record<string, unknown>;

/** What a field the server assigns shows until the server has the record (issue 22 item 7). */
export const PENDING_TEXT = 'pending';

/** A scope kept offline: its root and what the download cost. */
export interface KeptScope {
  form: string;
  id: number;
  /** How the screens name it ("Hole 5099_1_A"); absent in scopes kept before it was stored. */
  title?: string;
  takenAt: string;
  records: number;
  bytes: number;
  ms: number;
}

const SCOPES = 'scopes';
const OWNER = 'owner';
const LAST_SYNC = 'lastSync';
const NEXT_TEMP_ID = 'nextTempId';

async function readMeta<T>(key: string, fallback: T): Promise<T> {
  const row = await offlineDb().meta.get(key);
  return row ? (row.value as T) : fallback;
}

const writeMeta = (key: string, value: unknown) => offlineDb().meta.put({ key, value });

export const keptScopes = (): Promise<KeptScope[]> => readMeta<KeptScope[]>(SCOPES, []);
export const setKeptScopes = (scopes: readonly KeptScope[]) => writeMeta(SCOPES, scopes);

const signedIn = (): string | null => readStoredUser()?.username ?? null;

/**
 * Whether the signed-in user is the one who kept the scopes: another user of this browser gets no
 * answers from them (they were read with the owner's permissions) and does not upload the owner's queue.
 */
export async function isOwner(): Promise<boolean> {
  const owner = await readMeta<string | null>(OWNER, null);
  return owner !== null && owner === signedIn();
}

export const OTHER_OWNER_MESSAGE =
  "Another user's offline changes are waiting in this browser: they sign in and sync first.";

/**
 * The signed-in user becomes the store's owner. What another user kept (read with their
 * permissions) is removed first, unless changes of theirs still wait for the server.
 */
async function takeOwnership(db: ReturnType<typeof offlineDb>): Promise<void> {
  const owner = await readMeta<string | null>(OWNER, null);
  const user = signedIn();
  if (owner === user) return;
  if (owner !== null && (await db.queue.count()) > 0) throw new Error(OTHER_OWNER_MESSAGE);
  await Promise.all([db.records.clear(), db.templates.clear(), db.valueLists.clear(), db.answers.clear()]);
  await writeMeta(SCOPES, []);
  await writeMeta(OWNER, user);
}

export const lastSync = (): Promise<string | null> => readMeta<string | null>(LAST_SYNC, null);
export const setLastSync = (at: string) => writeMeta(LAST_SYNC, at);

/**
 * Stores a downloaded scope. Records changed offline and not yet synced keep the local copy: a
 * background refresh never overwrites work that is still queued.
 */
export async function saveScope(scope: OfflineScope, cost: { bytes: number; ms: number }): Promise<KeptScope> {
  const db = offlineDb();
  const rows: StoredRecord[] = scope.records.flatMap(({ form, model, records, versions }) =>
    records.map((record) => {
      const id = Number(record.id);
      return { key: recordKey(form, id), form, model, id, record, version: versions[String(id)] ?? 0 };
    }),
  );
  const kept: KeptScope = {
    form: scope.root.form,
    id: scope.root.id,
    title: scopeTitle(scope),
    takenAt: scope.takenAt,
    records: rows.length,
    ...cost,
  };
  await db.transaction('rw', [db.records, db.templates, db.valueLists, db.meta, db.queue, db.answers], async () => {
    await takeOwnership(db);
    const pending = new Set(
      (await db.records.where('pending').anyOf('create', 'update', 'delete').primaryKeys()).map(String),
    );
    await db.records.bulkPut(rows.filter((row) => !pending.has(row.key)));
    await db.templates.bulkPut([
      ...scope.forms.map((template) => ({ key: `form:${String(template.name)}`, template })),
      ...scope.models.map((template) => ({ key: `model:${String(template.fullName)}`, template })),
    ]);
    await db.valueLists.bulkPut(Object.entries(scope.valueLists).map(([name, items]) => ({ name, items })));
    const others = (await keptScopes()).filter((s) => s.form !== kept.form || s.id !== kept.id);
    await writeMeta(SCOPES, [...others, kept]);
  });
  return kept;
}

export async function formTemplate(name: string): Promise<FormTemplate | undefined> {
  const row = await offlineDb().templates.get(`form:${name}`);
  return row ? formTemplateSchema.parse(row.template) : undefined;
}

export async function modelTemplate(fullName: string): Promise<ModelTemplate | undefined> {
  const row = await offlineDb().templates.get(`model:${fullName}`);
  return row ? modelTemplateSchema.parse(row.template) : undefined;
}

/** Whether the form's records are kept offline (a form of a scope). */
export async function holdsForm(name: string): Promise<boolean> {
  return (await offlineDb().templates.get(`form:${name}`)) !== undefined;
}

export async function valueLists(): Promise<Record<string, Row[]>> {
  const lists = await offlineDb().valueLists.toArray();
  return Object.fromEntries(lists.map((list) => [list.name, list.items]));
}

/** A pending field as shown: its provisional value marked pending ("5065_1_A_004 (pending)"), else "pending". */
export function pendingText(stored: Pick<StoredRecord, 'provisional'>, field: string): string {
  const value = stored.provisional?.[field];
  return typeof value === 'string' ? `${value} (${PENDING_TEXT})` : PENDING_TEXT;
}

/** The record as the screens show it: fields the server still has to assign read as pending. */
export function present(stored: StoredRecord): Row {
  if (!stored.pendingFields?.length) return stored.record;
  const shown = { ...stored.record };
  for (const field of stored.pendingFields) shown[field] = pendingText(stored, field);
  return shown;
}

/** The records of a form, those deleted offline left out. */
export async function storedRecords(form: string): Promise<StoredRecord[]> {
  const rows = await offlineDb().records.where('form').equals(form).toArray();
  return rows.filter((row) => row.pending !== 'delete');
}

export async function storedRecordsOfModel(model: string): Promise<StoredRecord[]> {
  const rows = await offlineDb().records.where('model').equals(model).toArray();
  return rows.filter((row) => row.pending !== 'delete');
}

export const storedRecord = (form: string, id: number) => offlineDb().records.get(recordKey(form, id));

export async function putRecord(row: StoredRecord): Promise<void> {
  await offlineDb().records.put(row);
}

export async function dropRecord(form: string, id: number): Promise<void> {
  await offlineDb().records.delete(recordKey(form, id));
}

/** A new temporary id: negative, so it never meets a server id. */
export async function nextTempId(): Promise<number> {
  const db = offlineDb();
  return db.transaction('rw', db.meta, async () => {
    const next = await readMeta<number>(NEXT_TEMP_ID, -1);
    await writeMeta(NEXT_TEMP_ID, next - 1);
    return next;
  });
}

export async function queue(): Promise<QueuedOperation[]> {
  return (await offlineDb().queue.orderBy('seq').toArray()).map((item) => item.op);
}

export async function enqueue(op: QueuedOperation): Promise<void> {
  await offlineDb().queue.add({ op });
}

export async function replaceQueue(ops: readonly QueuedOperation[]): Promise<void> {
  const db = offlineDb();
  await db.transaction('rw', db.queue, async () => {
    await db.queue.clear();
    await db.queue.bulkAdd(ops.map((op) => ({ op })));
  });
}

/**
 * The server's answers into the store: a record created offline moves from its temporary id to
 * the real one (children naming the temporary id follow), a written record takes the server's
 * values and version, a deleted one leaves.
 */
export async function applyUpdates(updates: readonly RecordUpdate[], idMap: Readonly<Record<string, number>>) {
  const db = offlineDb();
  await db.transaction('rw', db.records, async () => {
    for (const update of updates) {
      const form = update.form ?? '';
      const localId = update.tempId ? localIdOf(update.tempId) : update.id;
      const current = await db.records.get(recordKey(form, localId));
      await db.records.delete(recordKey(form, localId));
      if (!update.record) continue;
      await db.records.put({
        key: recordKey(form, update.id),
        form,
        model: current?.model ?? update.model ?? '',
        id: update.id,
        record: update.record,
        ...(update.version === undefined ? {} : { version: update.version }),
      });
    }
    await remapChildren(idMap);
  });
}

/** Records written offline under a parent created offline now name the parent's real id. */
async function remapChildren(idMap: Readonly<Record<string, number>>): Promise<void> {
  const byLocal = realIdsByLocal(idMap);
  if (byLocal.size === 0) return;
  const db = offlineDb();
  const rows = await db.records.where('pending').anyOf('create', 'update').toArray();
  for (const row of rows) {
    let changed = false;
    const record = { ...row.record };
    for (const [column, value] of Object.entries(record)) {
      if (typeof value !== 'number' || !byLocal.has(value) || !isIdColumn(column)) continue;
      record[column] = byLocal.get(value);
      changed = true;
    }
    if (changed) await db.records.put({ ...row, record });
  }
}

/** Columns that may name a record: `id`, `<parent>_id`, references. */
export const isIdColumn = (column: string): boolean => column === 'id' || column.endsWith('_id');

/** The tempId the server is told for a record created offline (its local id is negative). */
export const tempIdOf = (localId: number): string => `tmp${-localId}`;

export function localIdOf(tempId: string): number {
  const n = /^tmp(\d+)$/.exec(tempId)?.[1];
  return n === undefined ? Number.NaN : -Number(n);
}

/** A sync's idMap (tempId → the server's id) keyed by the local (negative) ids records carry. */
export function realIdsByLocal(idMap: Readonly<Record<string, number>>): Map<number, number> {
  return new Map(Object.entries(idMap).map(([tempId, id]) => [localIdOf(tempId), id]));
}

/** A client operation id (128 random bits): the server applies an operation once per id. */
export function operationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
