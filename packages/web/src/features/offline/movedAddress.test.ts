import { describe, expect, it } from 'vitest';
import { movedAddress } from './movedAddress';

describe('the address after a sync', () => {
  it('names a record made offline by its server id, in the path and in the filter', () => {
    expect(movedAddress({ pathname: '/forms/core-form/-3', search: '' }, { tmp3: 71 })).toBe('/forms/core-form/71');
    expect(
      movedAddress(
        { pathname: '/forms/section-form/-4', search: '?filter=hole%3A7%2Ccore%3A-3' },
        { tmp3: 71, tmp4: 80 },
      ),
    ).toBe('/forms/section-form/80?filter=hole%3A7%2Ccore%3A71');
  });

  it('leaves an address alone that names no mapped temporary id', () => {
    expect(movedAddress({ pathname: '/forms/core-form/-5', search: '?filter=core%3A-50' }, { tmp3: 71 })).toBeNull();
    expect(movedAddress({ pathname: '/forms/core-form/3', search: '' }, { tmp3: 71 })).toBeNull();
    expect(movedAddress({ pathname: '/forms/core-form/-3', search: '' }, {})).toBeNull();
  });
});
