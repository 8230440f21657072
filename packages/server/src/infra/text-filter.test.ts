import { describe, expect, it } from 'vitest';
import { TextFilter } from './text-filter';

const igsn = (n: number) => `ICDP5065E${String(n).padStart(7, '0')}`;

describe('TextFilter', () => {
  it('says yes to every text added, and no to nearly every other', () => {
    const filter = new TextFilter(100_000);
    for (let n = 0; n < 100_000; n++) filter.add(igsn(n));
    for (let n = 0; n < 100_000; n++) expect(filter.mayHave(igsn(n))).toBe(true);
    let wrong = 0;
    for (let n = 100_000; n < 200_000; n++) if (filter.mayHave(igsn(n))) wrong += 1;
    // ~0.07 % expected at the size planned: 70 of 100,000.
    expect(wrong).toBeLessThan(300);
  });

  it('still never says no to a text added when it holds far more than it was made for', () => {
    const filter = new TextFilter(10);
    for (let n = 0; n < 300_000; n++) filter.add(igsn(n));
    for (let n = 0; n < 300_000; n++) expect(filter.mayHave(igsn(n))).toBe(true);
  });

  it('tells texts apart that differ in one character or only in their order', () => {
    const filter = new TextFilter(1_000);
    filter.add('ICDP5065EA01');
    expect(filter.mayHave('ICDP5065EA01')).toBe(true);
    expect(filter.mayHave('ICDP5065EA02')).toBe(false);
    expect(filter.mayHave('10AE5605PDCI')).toBe(false);
    expect(filter.mayHave('')).toBe(false);
  });
});
