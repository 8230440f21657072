import { describe, expect, it } from 'vitest';
import { formNameOfKey, formRoutePath, readFormRoute } from './formRoute';

describe('the form route (spec 1 §2)', () => {
  it('takes the form name from {name}-form and refuses anything else', () => {
    expect(formNameOfKey('core-form')).toBe('core');
    expect(formNameOfKey('sample-request-form')).toBe('sample-request');
    expect(formNameOfKey('core')).toBeNull();
    expect(formNameOfKey('../x-form')).toBeNull();
  });

  it('reads the id, the filter of field keys and numeric values, and selectFirst', () => {
    const search = new URLSearchParams('filter=expedition:1,site:3,hole:x&selectFirst=true');
    expect(readFormRoute('12', search)).toEqual({ id: 12, filter: { expedition: 1, site: 3 }, selectFirst: true });
    expect(readFormRoute(undefined, new URLSearchParams())).toEqual({ id: null, filter: null, selectFirst: false });
    expect(readFormRoute('abc', new URLSearchParams('selectFirst=false')).id).toBeNull();
  });

  it('writes the record id into the path and drops it when the selection is cleared', () => {
    expect(formRoutePath('/forms/core-form', { id: 7, filter: { expedition: 1, hole: 4 } })).toBe(
      '/forms/core-form/7?filter=expedition%3A1%2Chole%3A4',
    );
    expect(formRoutePath('/forms/core-form', { id: null, filter: {} })).toBe('/forms/core-form');
  });
});
