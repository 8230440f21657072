import fc from 'fast-check';

/** Numbers at and past every boundary a server might trip on (int32, int64, safe integers, floats). */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  -2147483649,
  2147483648,
  4294967296,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** The same and worse as text: what a query string or a lenient coercion sees. */
export const HOSTILE_NUMBER_TEXTS: readonly string[] = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '-99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '0b11',
  ' 7 ',
  '7abc',
  '',
  '١٢',
  '9223372036854775808',
];

/** Text that breaks naive code: control and non-BMP characters, lone surrogates, SQL, paths, markup. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  '\uFFFE',
  '𝄞😀',
  'é',
  'İ',
  '\u202Eevil',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '..\\..\\boot.ini',
  '<script>alert(1)</script>',
  '%00',
  '%s%n',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\r\n\r\n',
  '\t',
];

/** Keys that target prototype pollution and lenient column mapping. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'created_at',
  'password_hash',
  'roles',
  '',
  ' ',
  'a.b',
  'a[b]',
  '$where',
  'toString',
  'hasOwnProperty',
  '😀',
];

const longText = fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n));

/** Any single hostile scalar or small structure: wrong types for whatever a field expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_NUMBER_TEXTS),
  fc.constantFrom(...HOSTILE_TEXTS),
  longText,
  fc.constantFrom(true, false, null, [], {}, [null], [[]], { '': null }),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
);

type Json = Record<string, unknown>;

/** One mutation of a valid-looking object: a field of the wrong type, a field too many, one too few. */
export function mutateObject(value: Json): fc.Arbitrary<Json> {
  const keys = Object.keys(value);
  const unknownField = fc
    .tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 20 })), hostileValue)
    .map(([key, extra]) => JSON.parse(JSON.stringify({ ...value, [key]: extra })) as Json);
  if (keys.length === 0) return unknownField;
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    fc.tuple(key, hostileValue).map(([k, v]) => ({ ...value, [k]: v })),
    fc.tuple(key, hostileValue, hostileValue).map(([k, v, w]) => ({ ...value, [k]: [v, w] })),
    key.map((k) => Object.fromEntries(Object.entries(value).filter(([other]) => other !== k))),
    unknownField,
  );
}

/** JSON nested `depth` levels deep, as text (JSON.stringify itself would overflow the stack first). */
export function deepJsonText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Byte sequences that are not UTF-8: a stray continuation, an overlong '/', an encoded surrogate, 0xFF. */
export const INVALID_UTF8: readonly Buffer[] = [
  Buffer.from([0x80]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
];

/** Filter expressions that look like a user's (comparison, list, pattern) but can never backtrack badly. */
export const filterText: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', '=', '==', '!=', '!==', '>', '<', '>=', '<=', '^', '!=null', '=null'),
    fc.string({ unit: fc.constantFrom(...'abcXYZ019 _-.,:|/'.split('')), maxLength: 16 }),
    fc.constantFrom('', '$', '*', '.*', '%', ','),
  )
  .map(([operator, body, tail]) => `${operator}${body}${tail}`);
