import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { FILTER_REGEX_FLAGS, isMatchFilterNode } from './filter-ast';
import { FILTER_FIXTURE_LISTS, FILTER_FIXTURES } from './filter-fixtures';
import { parseFilterExpression } from './filter-parser';
import { checkPortableRegex, toFilterRegExp } from './portable-regex';

describe('checkPortableRegex', () => {
  it.each([
    'abc',
    '^C[0-9]+$',
    '^(?:ab)+c$',
    'a|b|c',
    '(foo|bar)',
    'x{2}',
    'x{2,}',
    'x{1,3}?',
    '[\\d\\s_-]+',
    '[^a-z]',
    '\\d\\D\\w\\W\\s\\S\\n\\t',
    '\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\\\/',
    '[\\]\\-]',
    '[a[b]',
    'a.*?b',
    '',
    '(ab)*',
  ])('accepts %j', (pattern) => {
    expect(checkPortableRegex(pattern)).toBeUndefined();
  });

  it.each([
    ['(', 'unterminated group'],
    [')', 'unbalanced )'],
    ['[abc', 'unterminated bracket expression'],
    ['[]a]', 'a bracket expression cannot start with ]'],
    ['[^]a]', 'a bracket expression cannot start with ]'],
    ['[[:alpha:]]', 'POSIX classes like [[:alpha:]] are not supported'],
    ['[[.a.]]', 'POSIX classes like [[:alpha:]] are not supported'],
    ['[[=a=]]', 'POSIX classes like [[:alpha:]] are not supported'],
    ['(?=a)', 'only (?: groups are supported'],
    ['(?!a)', 'only (?: groups are supported'],
    ['(?<=a)', 'only (?: groups are supported'],
    ['(?<name>a)', 'only (?: groups are supported'],
    ['(?i)a', 'only (?: groups are supported'],
    ['\\b', 'the escape \\b is not supported'],
    ['\\y', 'the escape \\y is not supported'],
    ['\\m', 'the escape \\m is not supported'],
    ['\\A', 'the escape \\A is not supported'],
    ['\\1', 'the escape \\1 is not supported'],
    ['\\x41', 'the escape \\x is not supported'],
    ['\\u0041', 'the escape \\u is not supported'],
    ['\\,', 'the escape \\, is not supported'],
    ['[\\D]', 'the escape \\D is not supported'],
    ['a\\', 'a pattern cannot end with a backslash'],
    ['a{', 'a { must start a repetition bound like {2} or {1,3}'],
    ['a{,3}', 'a { must start a repetition bound like {2} or {1,3}'],
    ['a{256}', 'repetition bounds above 255 are not supported'],
    ['(a+)+', 'a repeated group cannot contain repetition or alternation'],
    ['(a|b)*', 'a repeated group cannot contain repetition or alternation'],
    ['(?:a*)*', 'a repeated group cannot contain repetition or alternation'],
    ['((a)*)+', 'a repeated group cannot contain repetition or alternation'],
    ['(a{2})?', 'a repeated group cannot contain repetition or alternation'],
    ['x'.repeat(501), 'a pattern may have at most 500 characters'],
  ])('refuses %j: %s', (pattern, problem) => {
    expect(checkPortableRegex(pattern)).toBe(problem);
  });

  it.each(['a**', '[z-a]', '}', ']'])('refuses %j through the RegExp syntax check', (pattern) => {
    expect(checkPortableRegex(pattern)).toEqual(expect.any(String));
  });
});

describe('toFilterRegExp', () => {
  it('is case-insensitive, lets . match a newline and matches substrings', () => {
    expect(toFilterRegExp('^core$').test('CORE')).toBe(true);
    expect(toFilterRegExp('a.b').test('a\nb')).toBe(true);
    expect(toFilterRegExp('or').test('core')).toBe(true);
    expect(toFilterRegExp('^or').test('core')).toBe(false);
  });
});

describe('toFilterRegExp on patterns a backtracking engine never finishes', () => {
  const text = 'drilling core sediment '.repeat(60);
  it.each([5, 8, 50])('answers .* × %i then ! on a 1,380-character text at once', (count) => {
    const pattern = `${'.*'.repeat(count)}!`;
    expect(checkPortableRegex(pattern)).toBeUndefined();
    expect(toFilterRegExp(pattern).test(text)).toBe(false);
    expect(toFilterRegExp(pattern).test(`${text}!`)).toBe(true);
  });

  it('matches a 500-character pattern', () => {
    const pattern = `${'.*'.repeat(249)}!!`;
    expect(pattern).toHaveLength(500);
    expect(checkPortableRegex(pattern)).toBeUndefined();
    expect(toFilterRegExp(pattern).test(`${text}!!`)).toBe(true);
  });
});

// toFilterRegExp runs a pattern without quantifiers or alternation on V8 and the rest on RE2: the
// choice must never change an answer. Every regex fixture on every fixture text, on both engines.
describe('both regex engines agree on the filter fixtures', () => {
  const texts = [
    ...FILTER_FIXTURES.map((f) => f.value).filter((v) => v !== null),
    ...Object.values(FILTER_FIXTURE_LISTS).flatMap((items) => items.map((item) => item.remark ?? item.display)),
  ].map(String);
  const patterns = FILTER_FIXTURES.map((f) => parseFilterExpression('c', f.expr, f.kind, {}))
    .filter(isMatchFilterNode)
    .map((node) => node.value);

  it.each([...new Set(patterns)])('%j', (pattern) => {
    const v8 = new RegExp(pattern, FILTER_REGEX_FLAGS);
    const re2 = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE | RE2JS.DOTALL);
    for (const text of texts) expect({ text, re2: re2.test(text) }).toEqual({ text, re2: v8.test(text) });
  });
});
