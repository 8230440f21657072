import { describe, expect, it } from 'vitest';
import { CORE_FORM } from '../form-screen/test/fixtures';
import { filterLabel } from './FilterBar';
import {
  batchOf,
  changeFilter,
  encodeRouteFilter,
  filterListRequests,
  missingRequiredFilters,
  orderedFilters,
  parseRouteFilter,
  pruneSelection,
  requiredFilterParams,
  selectionFilterParams,
  withoutBatch,
} from './filterCascade';

describe('filter cascade', () => {
  it('orders the filters left to right along their require chain', () => {
    expect(orderedFilters(CORE_FORM).map((f) => f.key)).toEqual(['expedition', 'site', 'hole']);
  });

  it('asks for a list only once the filter it requires is chosen', () => {
    expect(filterListRequests(CORE_FORM, {})).toEqual([{ model: 'expedition', require: null }]);
    expect(filterListRequests(CORE_FORM, { expedition: 1 })).toEqual([
      { model: 'expedition', require: null },
      { model: 'site', require: { as: 'expedition_id', value: 1 } },
    ]);
  });

  it('clears the lower selections when a filter changes, and keeps them when it does not', () => {
    const full = { expedition: 1, site: 3, hole: 7 };
    expect(changeFilter(CORE_FORM, full, 'expedition', 2)).toEqual({ expedition: 2 });
    expect(changeFilter(CORE_FORM, full, 'site', null)).toEqual({ expedition: 1 });
    expect(changeFilter(CORE_FORM, full, 'expedition', 1)).toEqual(full);
  });

  it('drops a selection that is no longer among its options', () => {
    const lists = { expedition: [{ value: 1, text: '5065' }], site: [{ value: 4, text: '2' }] };
    expect(pruneSelection(CORE_FORM, { expedition: 1, site: 3, hole: 7 }, lists)).toEqual({ expedition: 1 });
  });

  it('sends the chosen filters as filter[ref] and the required ones as columns', () => {
    const selection = { expedition: 1, site: 3, hole: 7 };
    expect(selectionFilterParams(CORE_FORM, selection)).toEqual({ expedition_id: '1', site_id: '3', hole_id: '7' });
    expect(requiredFilterParams(CORE_FORM, selection)).toEqual({ hole_id: 7 });
    expect(missingRequiredFilters(CORE_FORM, { expedition: 1 })).toEqual(['hole']);
    expect(missingRequiredFilters(CORE_FORM, selection)).toEqual([]);
  });

  it('accepts a missing skipOnEmpty filter', () => {
    const form = { ...CORE_FORM, requiredFilters: [{ value: 'hole', as: 'hole_id', skipOnEmpty: true }] };
    expect(missingRequiredFilters(form, {})).toEqual([]);
  });

  it('round-trips the route filter and ignores what is not key:number', () => {
    expect(encodeRouteFilter({ expedition: 1, site: 3 })).toBe('expedition:1,site:3');
    expect(parseRouteFilter('expedition:1,site:3')).toEqual({ expedition: 1, site: 3 });
    expect(parseRouteFilter('expedition:x,site:3,junk')).toEqual({ site: 3 });
    expect(parseRouteFilter(null)).toEqual({});
  });

  it("reads an import's batch link (batch:<id>) and keeps it out of what is remembered", () => {
    const batch = '0b7e2c4a-5d1f-4e8a-9c3b-2f6d8a1e4b70';
    const selection = parseRouteFilter(`batch:${batch},expedition:1`);
    expect(selection).toEqual({ batch, expedition: 1 });
    expect(parseRouteFilter(encodeRouteFilter(selection))).toEqual(selection);
    expect(batchOf(selection)).toBe(batch);
    expect(withoutBatch(selection)).toEqual({ expedition: 1 });
    expect(parseRouteFilter('batch:x;drop table')).toEqual({});
    expect(selectionFilterParams(CORE_FORM, selection)).not.toHaveProperty('batch');
  });
});

describe('filter labels', () => {
  it('reads model keys as words, never as the bare key', () => {
    expect(filterLabel('sectionSplit')).toBe('Section Split');
    expect(filterLabel('sampleRequest')).toBe('Sample Request');
    expect(filterLabel('sample-request')).toBe('Sample Request');
    expect(filterLabel('expedition')).toBe('Expedition');
  });
});
