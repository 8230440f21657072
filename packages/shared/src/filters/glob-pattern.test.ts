import { describe, expect, it } from 'vitest';
import { MAX_GLOB_ATOMS, toGlobPatterns } from './glob-pattern';
import { toFilterRegExp } from './portable-regex';

// The SQL side (the GLOBs on a real SQLite return exactly what REGEXP returns) is tested in
// packages/server/test/glob-pattern-sqlite.test.ts.

describe('toGlobPatterns', () => {
  it.each([
    ['sed', ['*[Ssſ][Ee][Dd]*']],
    ['Sediment', ['*[Ssſ][Ee][Dd][Ii][Mm][Ee][Nn][Tt]*']],
    ['_1[0-9]_', ['*_1[0123456789]_*']],
    ['^5065_1', ['5065_1*']],
    ['wr$', ['*[Ww][Rr]']],
    ['^sed$', ['[Ssſ][Ee][Dd]']],
    ['sed|clay', ['*[Ssſ][Ee][Dd]*', '*[Cc][Ll][Aa][Yy]*']],
    ['[^a-c]x', ['*[^ABCabc][Xx]*']],
    ['k.s', ['*[Kk\u212a]?[Ss\u017f]*']],
    ['\\d\\D', ['*[0123456789][^0123456789]*']],
    ['[\\d.]', ['*[.0123456789]*']],
    ['[\\.-0]', ['*[./0]*']],
    // GLOB's own syntax characters as literals: a class each; `]` first, `-` last, `^` not first.
    ['\\*\\?\\[', ['*[*][?][[]*']],
    ['[\\]a]', ['*[]Aa]*']],
    ['[-^]', ['*[-^]*']],
    ['[\\^a]', ['*[A^a]*']],
    ['a\\.b\\n', ['*[Aa].[Bb]\n*']],
    ['%_', ['*%_*']],
  ])('%j → %j', (pattern, globs) => {
    expect(toGlobPatterns(pattern)).toEqual(globs);
  });

  it.each([
    // Repetition, groups, empty branches and anchors inside a branch: not a fixed sequence.
    '^C[0-9]+$',
    'se?d',
    'a{2}',
    '.*',
    '(a|b)',
    '(?:ab)c',
    'a|',
    '^$',
    'a^b',
    'a$b',
    // Classes GLOB would have to spell in Unicode (\w and \s differ between JavaScript and RE2 too).
    'a\\w',
    '\\s',
    '[\\w]',
    // Non-ASCII literals: their case orbits are not spelled out here.
    'é',
    'µm',
    '[é]',
    '[a-é]',
    'x'.repeat(MAX_GLOB_ATOMS + 1),
  ])('keeps the regex for %j', (pattern) => {
    expect(toGlobPatterns(pattern)).toBeUndefined();
  });

  it(`lowers up to ${String(MAX_GLOB_ATOMS)} atoms over all branches`, () => {
    expect(toGlobPatterns('x'.repeat(MAX_GLOB_ATOMS))).toHaveLength(1);
    expect(toGlobPatterns(`${'x'.repeat(MAX_GLOB_ATOMS / 2)}|${'y'.repeat(MAX_GLOB_ATOMS / 2 + 1)}`)).toBeUndefined();
  });
});

// The case orbits GLOB spells out must be exactly what the filter regex folds together, on both
// engines toFilterRegExp uses: V8 for a pattern without repetition or alternation, RE2 otherwise.
describe('case folding of ASCII characters under the filter regex', () => {
  const engines = {
    v8: (c: string) => toFilterRegExp(c),
    re2: (c: string) => toFilterRegExp(`${c}|${c}`),
  };
  const ascii = Array.from({ length: 127 }, (_, i) => String.fromCharCode(i + 1));
  const escape = (c: string) => (/[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c);

  it.each(Object.entries(engines))('%s: only ſ and K, outside ASCII, equal an ASCII character', (_name, compile) => {
    const anyAscii = compile(`[\u0001-\u007f]`);
    const found: string[] = [];
    for (let code = 0x80; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCodePoint(code);
      if (anyAscii.test(c)) found.push(c);
    }
    expect(found).toEqual(['\u017f', '\u212a']);
  });

  it.each(Object.entries(engines))('%s: each ASCII character matches exactly its GLOB class', (_name, compile) => {
    for (const c of ascii) {
      if (c === '\n' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c < ' ') continue;
      const regex = compile(escape(c));
      const matched = [...ascii, '\u017f', '\u212a'].filter((text) => regex.test(text));
      const [glob] = toGlobPatterns(escape(c)) ?? [];
      const inner = glob?.slice(1, -1) ?? '';
      const members = inner.length === 1 ? [inner] : Array.from(inner.slice(1, -1));
      expect(members.sort(), c).toEqual(matched.sort());
    }
  });
});
