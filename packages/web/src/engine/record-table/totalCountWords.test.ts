import { describe, expect, it } from 'vitest';
import { totalCountWords } from './totalCountWords';

describe('totalCountWords', () => {
  it('says "of" for an exact count, "of at least" for a lower bound, "of about" for an estimate', () => {
    expect(totalCountWords(undefined)).toBe('of');
    expect(totalCountWords({})).toBe('of');
    expect(totalCountWords({ totalCountExact: false, totalCountIsLowerBound: true })).toBe('of at least');
    expect(totalCountWords({ totalCountExact: false, totalCountIsLowerBound: false })).toBe('of about');
  });
});
