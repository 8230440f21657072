import { describe, expect, it } from 'vitest';
import { FILTER_REGEX_FLAGS } from './filter-ast';
import { foldForTextIndex, requiredLiterals } from './text-index';

describe('requiredLiterals', () => {
  it.each([
    ['sed', ['sed']],
    ['se', []],
    ['^5065_1.*sed', ['5065_1', 'sed']],
    ['sed|clay', []],
    ['(sed|clay)ment', ['ment']],
    ['abc?def', ['def']],
    ['abcd*ef', ['abc']],
    ['ab+cde', ['cde']],
    ['abc+de', ['abc']],
    ['x{0,3}yz1', ['yz1']],
    ['[abc]def\\.gh', ['def.gh']],
    ['C[0-9]+$', []],
    ['\\d\\d\\d', []],
    ['abc.{2}def', ['abc', 'def']],
    // NUL cannot travel in an FTS5 query: it ends a run (the filter then narrows by the rest or scans).
    ['abc\u0000def', ['abc', 'def']],
  ])('%s → %j', (pattern, literals) => {
    expect(requiredLiterals(pattern)).toEqual(literals);
  });

  it('every literal is in every text the pattern matches (case-folded)', () => {
    const texts = ['Sediment', 'SEDIMENT', 'ſediment', '5065_1_A_sed', 'abcdef', 'µm 5μm', 'ΣΟΦΟΣ σοφος'];
    const patterns = ['sed', 'ſed', 'µm', 'μm', 'σοφος', 'ΟΦΟΣ', 'diment$', '^5065_1.*sed'];
    for (const pattern of patterns)
      for (const text of texts)
        if (new RegExp(pattern, FILTER_REGEX_FLAGS).test(text))
          for (const literal of requiredLiterals(pattern))
            expect(foldForTextIndex(text), `${pattern} on ${text}`).toContain(foldForTextIndex(literal));
  });
});
