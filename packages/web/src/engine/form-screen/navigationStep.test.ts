import { describe, expect, it } from 'vitest';
import { navigationStep } from './recordNavigation';

// Three pages of 5 rows; the middle one is shown.
const middle = { count: 5, pageIndex: 1, lastPage: 2 };

describe('first / previous / next / last across pages', () => {
  it.each([
    ['next', 2, { kind: 'select', index: 3 }],
    ['next', 4, { kind: 'page', page: 2, then: 'first' }],
    ['previous', 2, { kind: 'select', index: 1 }],
    ['previous', 0, { kind: 'page', page: 0, then: 'last' }],
    ['first', 3, { kind: 'page', page: 0, then: 'first' }],
    ['last', 3, { kind: 'page', page: 2, then: 'last' }],
    ['next', -1, { kind: 'select', index: 0 }],
    ['previous', -1, { kind: 'select', index: 4 }],
  ] as const)('%s from row %i', (target, indexOnPage, expected) => {
    expect(navigationStep(target, { ...middle, indexOnPage })).toEqual(expected);
  });

  it('stops at the ends', () => {
    expect(navigationStep('next', { count: 2, pageIndex: 2, lastPage: 2, indexOnPage: 1 })).toBeNull();
    expect(navigationStep('previous', { count: 5, pageIndex: 0, lastPage: 2, indexOnPage: 0 })).toBeNull();
    expect(navigationStep('first', { count: 5, pageIndex: 0, lastPage: 2, indexOnPage: 3 })).toEqual({
      kind: 'select',
      index: 0,
    });
  });
});
