import { describe, expect, it } from 'vitest';
import {
  MAX_CACHED_UUIDS,
  cacheNestedObjects,
  cachedNestedObject,
  cachedUuids,
  restoreNestedObjects,
  taggedObjects,
} from './nestedObjects';

const HOLE_UUID = '0b3c1a52-8f1e-4d7a-9c55-2f1f0a6e9b10';
const SITE_UUID = '7d0e4f7e-1c2b-4a39-8e6f-5a4b3c2d1e0f';
const HOLE = { '@uuid': HOLE_UUID, id: 4, hole: 'A', site: { '@uuid': SITE_UUID, id: 2, site: '1' } };

describe('nested objects tagged with @uuid', () => {
  it('finds tagged objects at any depth and ignores tags that are no uuid', () => {
    const found = taggedObjects({ hole_id: HOLE, other: { '@uuid': 'not-a-uuid', id: 1 }, list: [HOLE] });
    expect([...found.keys()]).toEqual([HOLE_UUID, SITE_UUID]);
  });

  it('restores a bare reference from an object the same record carries', () => {
    const record = { id: 9, hole_id: HOLE, parent_hole: { '@uuid': HOLE_UUID } };
    expect(restoreNestedObjects(record).parent_hole).toEqual(HOLE);
  });

  it('caches tagged objects per form and restores them in a later record', () => {
    cacheNestedObjects('core', { id: 9, hole_id: HOLE });
    expect(cachedUuids('core')).toEqual([HOLE_UUID, SITE_UUID]);
    expect(cachedNestedObject(SITE_UUID)).toEqual(HOLE.site);
    const later = { id: 10, hole_id: { '@uuid': HOLE_UUID.toUpperCase(), hole: 'A (renamed)' } };
    expect(restoreNestedObjects(later).hole_id).toEqual({
      ...HOLE,
      '@uuid': HOLE_UUID.toUpperCase(),
      hole: 'A (renamed)',
    });
  });

  it('does not let a bare reference overwrite the cached object', () => {
    cacheNestedObjects('core', { hole_id: HOLE });
    cacheNestedObjects('core', { hole_id: { '@uuid': HOLE_UUID } });
    expect(cachedNestedObject(HOLE_UUID)).toEqual(HOLE);
  });

  it('returns the same record when nothing is missing, and leaves unknown references as they are', () => {
    const record = { id: 1, hole_id: { '@uuid': HOLE_UUID } };
    expect(restoreNestedObjects(record)).toBe(record);
    const plain = { id: 1, name: 'x' };
    expect(restoreNestedObjects(plain)).toBe(plain);
  });

  it(`keeps at most ${String(MAX_CACHED_UUIDS)} uuids per form, dropping the oldest`, () => {
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const many = Array.from({ length: MAX_CACHED_UUIDS + 2 }, (_, n) => ({ '@uuid': uuid(n), n }));
    cacheNestedObjects('core', { items: many });
    const list = cachedUuids('core');
    expect(list).toHaveLength(MAX_CACHED_UUIDS);
    expect(list[0]).toBe(uuid(2));
    expect(cachedNestedObject(uuid(0))).toBeUndefined();
    expect(cachedNestedObject(uuid(2))).toEqual({ '@uuid': uuid(2), n: 2 });
  });
});
