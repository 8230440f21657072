import { describe, expect, it } from 'vitest';
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
