import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@mdis/shared';
import { startingSelection } from '../../engine/form-screen/formScreenOpening';
import {
  NO_FACET,
  facetFilterFor,
  matchesFacet,
  readFacetSearch,
  toFacetSearch,
  writeFacetSearch,
} from './facetSearch';

afterEach(() => {
  document.cookie = `${STORAGE_KEYS.facetSearch}=; max-age=0; path=/`;
});

describe('the facet search (spec 2 §3)', () => {
  it('is kept in the facetSearch cookie; a damaged cookie reads as no facet', () => {
    expect(readFacetSearch()).toEqual(NO_FACET);
    writeFacetSearch({ program: [1], expedition: [5, 6] });
    expect(document.cookie).toContain(`${STORAGE_KEYS.facetSearch}=`);
    expect(readFacetSearch()).toEqual({ program: [1], expedition: [5, 6] });
    document.cookie = `${STORAGE_KEYS.facetSearch}=%7Bnot-json; path=/`;
    expect(readFacetSearch()).toEqual(NO_FACET);
    expect(toFacetSearch({ program: 'x', expedition: [3, -1, 2.5, 4] })).toEqual({ program: [], expedition: [3, 4] });
  });

  it('gives a form the facets it filters by, when one id of each is chosen', () => {
    const facet = { program: [1], expedition: [5] };
    expect(facetFilterFor(['expedition', 'site', 'hole'], facet)).toEqual({ expedition: 5 });
    expect(facetFilterFor(['program'], facet)).toEqual({ program: 1 });
    expect(facetFilterFor(['expedition'], { program: [], expedition: [5, 6] })).toEqual({});
    expect(facetFilterFor([], facet)).toEqual({});
  });

  it('offers a form with facetValues only where they share an id with the chosen facet', () => {
    expect(matchesFacet(undefined, { program: [1], expedition: [5] })).toBe(true);
    expect(matchesFacet({ expedition: [5, 6] }, { program: [], expedition: [6] })).toBe(true);
    expect(matchesFacet({ expedition: [5, 6] }, { program: [], expedition: [7] })).toBe(false);
    // a facet not narrowed (nothing chosen) hides nothing
    expect(matchesFacet({ expedition: [5] }, NO_FACET)).toBe(true);
    expect(matchesFacet({ program: [2], expedition: [5] }, { program: [1], expedition: [5] })).toBe(false);
  });
});

describe('where the filter bar starts', () => {
  const stored = { expedition: 5, site: 3, hole: 7 };
  it("takes the URL's filter first", () => {
    expect(startingSelection({ expedition: 9 }, { expedition: 5 }, stored)).toEqual({ expedition: 9 });
  });
  it('keeps the stored selection when it agrees with the facet, else starts from the facet', () => {
    expect(startingSelection(null, { expedition: 5 }, stored)).toBe(stored);
    expect(startingSelection(null, { expedition: 6 }, stored)).toEqual({ expedition: 6 });
    expect(startingSelection(null, null, stored)).toBe(stored);
  });
});
