import { describe, expect, it } from 'vitest';
import { formNameOfKey, formRoutePath, readFormRoute } from './formRoute';

describe('the form route (spec 1 §2)', () => {
  it('takes the form name from {name}-form and refuses anything else', () => {
    expect(formNameOfKey('core-form')).toBe('core');
    expect(formNameOfKey('sample-request-form')).toBe('sample-request');
    expect(formNameOfKey('core')).toBeNull();
    expect(formNameOfKey('../x-form')).toBeNull();
  });

  it('reads the id, the filter of field keys and numeric values, the page, the sort and selectFirst', () => {
    const search = new URLSearchParams('filter=expedition:1,site:3,hole:x&selectFirst=true&page=3&sort=-core,id');
    expect(readFormRoute('12', search)).toEqual({
      id: 12,
      filter: { expedition: 1, site: 3 },
      page: 2,
      sort: [
        { id: 'core', desc: true },
        { id: 'id', desc: false },
      ],
      selectFirst: true,
    });
    expect(readFormRoute(undefined, new URLSearchParams())).toEqual({
      id: null,
      filter: null,
      page: null,
      sort: null,
      selectFirst: false,
    });
    expect(readFormRoute('abc', new URLSearchParams('selectFirst=false&page=0')).id).toBeNull();
    expect(readFormRoute('abc', new URLSearchParams('page=0')).page).toBeNull();
  });

  it('writes the record id into the path and drops it when the selection is cleared', () => {
    expect(formRoutePath('/forms/core-form', { id: 7, filter: { expedition: 1, hole: 4 } })).toBe(
      '/forms/core-form/7?filter=expedition%3A1%2Chole%3A4',
    );
    expect(formRoutePath('/forms/core-form', { id: null, filter: {} })).toBe('/forms/core-form');
  });

  it('writes the page (1-based, the first left out) and the sort', () => {
    expect(
      formRoutePath('/forms/core-form', { id: null, filter: {}, page: 2, sort: [{ id: 'core', desc: true }] }),
    ).toBe('/forms/core-form?page=3&sort=-core');
    expect(formRoutePath('/forms/core-form', { id: null, filter: {}, page: 0, sort: [] })).toBe('/forms/core-form');
  });
});
