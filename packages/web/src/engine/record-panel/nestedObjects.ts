import type { FormRecord } from './types';

/**
 * Nested objects tagged with an @uuid (spec 1 §3): a record may carry an object in full once and
 * elsewhere only as `{ "@uuid": … }`. Every tagged object is cached in local storage; a tagged
 * object is restored from that cache, the keys it carries itself winning. Each form keeps the list
 * of uuids it cached (spec 1 §3 'the uuid list'), so old entries can be dropped.
 */
export const UUID_TAG = '@uuid';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Enough for the records of a working day; the oldest entries go first.
export const MAX_CACHED_UUIDS = 500;

type Tagged = Record<string, unknown> & { [UUID_TAG]: string };

export const nestedObjectKey = (uuid: string) => `mdis-uuid:${uuid.toLowerCase()}`;
export const uuidListKey = (form: string) => `mdis-uuids:${form}`;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTagged(value: unknown): value is Tagged {
  return isPlainObject(value) && isUuid(value[UUID_TAG]);
}

/** Every tagged object in a value, at any depth; a fuller copy of the same uuid wins. */
export function taggedObjects(value: unknown, found = new Map<string, Tagged>()): Map<string, Tagged> {
  if (Array.isArray(value)) {
    for (const item of value) taggedObjects(item, found);
  } else if (isPlainObject(value)) {
    if (isTagged(value)) {
      const uuid = value[UUID_TAG].toLowerCase();
      const known = found.get(uuid);
      if (!known || Object.keys(value).length > Object.keys(known).length) found.set(uuid, value);
    }
    for (const child of Object.values(value)) taggedObjects(child, found);
  }
  return found;
}

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** The cached object of a uuid, if this browser has one. */
export function cachedNestedObject(uuid: string): Tagged | undefined {
  const stored = readJson(nestedObjectKey(uuid));
  return isTagged(stored) ? stored : undefined;
}

/** The uuids a form has cached, oldest first. */
export function cachedUuids(form: string): string[] {
  const stored = readJson(uuidListKey(form));
  return Array.isArray(stored) ? stored.filter(isUuid) : [];
}

/** Stores the tagged objects of a record and notes their uuids under the form. */
export function cacheNestedObjects(form: string, record: FormRecord): void {
  const found = taggedObjects(record);
  if (found.size === 0) return;
  const known = cachedUuids(form).filter((uuid) => !found.has(uuid));
  const list = [...known, ...found.keys()];
  const dropped = list.slice(0, Math.max(0, list.length - MAX_CACHED_UUIDS));
  try {
    for (const [uuid, object] of found) {
      // A bare reference must not overwrite the full object cached before.
      const merged = { ...cachedNestedObject(uuid), ...object };
      localStorage.setItem(nestedObjectKey(uuid), JSON.stringify(merged));
    }
    for (const uuid of dropped) localStorage.removeItem(nestedObjectKey(uuid));
    localStorage.setItem(uuidListKey(form), JSON.stringify(list.slice(dropped.length)));
  } catch {
    // A full or blocked storage only costs the cache.
  }
}

function restoreValue(value: unknown, lookup: (uuid: string) => Tagged | undefined): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => restoreValue(item, lookup));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (!isPlainObject(value)) return value;
  let next: Record<string, unknown> = value;
  for (const [key, child] of Object.entries(value)) {
    const restored = restoreValue(child, lookup);
    if (restored !== child) next = { ...next, [key]: restored };
  }
  if (!isTagged(value)) return next;
  const cached = lookup(value[UUID_TAG].toLowerCase());
  const missing = cached ? Object.keys(cached).filter((key) => !(key in value)) : [];
  return cached && missing.length > 0 ? { ...cached, ...next } : next;
}

/**
 * The record with every tagged object completed from the record itself and the cache.
 * Returns the same object when nothing was missing.
 */
export function restoreNestedObjects(record: FormRecord): FormRecord {
  const inRecord = taggedObjects(record);
  const restored = restoreValue(record, (uuid) => {
    const cached = cachedNestedObject(uuid);
    const carried = inRecord.get(uuid);
    return cached && carried ? { ...cached, ...carried } : (carried ?? cached);
  });
  return restored as FormRecord;
}
