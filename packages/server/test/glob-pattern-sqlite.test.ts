import { checkPortableRegex, toGlobPatterns } from '@mdis/shared/filters';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, createDatabase } from '../src/infra/db/database';
import { regexMatch } from '../src/engine/query/filter-compiler';
import { MAX_GLOB_BYTES } from '../src/engine/query/sqlite-regex';

// On SQLite a simple filter regex runs as native GLOBs (filters/glob-pattern.ts). Here, on a real
// SQLite with the server's REGEXP function, the compiled condition must select exactly the rows
// REGEXP selects, for many patterns × texts: case folding (ſ, K), GLOB's own syntax characters,
// anchors, classes, non-ASCII text, numbers written to a text column and texts past MAX_GLOB_BYTES
// (which keep REGEXP).

// A small deterministic generator: the same cases on every run.
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

const TEXT_CHARS = [
  's',
  'S',
  '\u017f',
  'k',
  'K',
  '\u212a',
  'e',
  'D',
  '_',
  '1',
  '0',
  '9',
  'x',
  '.',
  '-',
  '^',
  '[',
  ']',
  '*',
  '?',
  '%',
  '\n',
  'é',
  'É',
  '😀',
  ' ',
  '\\',
];
const ATOMS = [
  's',
  'S',
  'k',
  'e',
  'd',
  '_',
  '1',
  '[0-9]',
  '[^a-c]',
  '.',
  '\\d',
  '\\D',
  '\\.',
  '\\*',
  '\\?',
  '\\[',
  '\\]',
  '[-^]',
  '[\\]s]',
  '[Z-a]',
  '[^s]',
  '%',
  '\\n',
  '\\\\',
  '-',
];

const FIXED_PATTERNS = [
  'sed',
  'SED',
  'Sediment',
  'k',
  's',
  '_1[0-9]_',
  '^5065_1',
  'wr$',
  '^sed$',
  'sed|clay',
  'k.s',
  '^.$',
  '^..$',
  'é',
  'se?d',
  '^C[0-9]+$',
  '\\w',
  '.*',
];

const FIXED_TEXTS = [
  'Sediment',
  'SEDIMENT',
  '\u017fediment',
  'sed',
  'clay',
  '5065_1_A_12_W',
  '5065_1_A_1_W',
  'wr',
  'WR',
  'w r',
  '',
  'K\u017fs',
  '\u212a\ns',
  'kas',
  'C12',
  'x'.repeat(MAX_GLOB_BYTES - 3) + 'sed',
  'x'.repeat(MAX_GLOB_BYTES) + 'sed',
  'é'.repeat(MAX_GLOB_BYTES / 2) + 'sed',
];

function texts(): unknown[] {
  const next = random(17);
  const generated = Array.from({ length: 1500 }, () =>
    Array.from({ length: next(7) }, () => TEXT_CHARS[next(TEXT_CHARS.length)]).join(''),
  );
  // A text column stores numbers as text (affinity), as a model's text columns do; NULL matches nothing.
  return [...FIXED_TEXTS, ...generated, 5, 10.0, 10.5, -1, null];
}

function patterns(): string[] {
  const next = random(5065);
  const generated = Array.from({ length: 300 }, () => {
    const branch = () =>
      `${next(4) === 0 ? '^' : ''}${Array.from({ length: 1 + next(3) }, () => ATOMS[next(ATOMS.length)]).join('')}${next(4) === 0 ? '$' : ''}`;
    return next(5) === 0 ? `${branch()}|${branch()}` : branch();
  });
  return [...FIXED_PATTERNS, ...generated].filter((p) => checkPortableRegex(p) === undefined);
}

describe('simple regex filters as GLOB on SQLite', () => {
  let database: Database;

  beforeAll(async () => {
    database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`.execute(database.db);
    for (const value of texts()) await sql`INSERT INTO t (v) VALUES (${value})`.execute(database.db);
  });
  afterAll(async () => database.destroy());

  // A column's validated size (maxLength) only drops the length guard: GLOB stays exact on any text.
  it.each([undefined, 300])('selects exactly the rows REGEXP selects (maxLength %s)', async (maxLength) => {
    const cases = patterns();
    let lowered = 0;
    for (const pattern of cases) {
      if (toGlobPatterns(pattern)) lowered += 1;
      const v = sql.ref('v');
      const { rows: expected } = await sql<{ id: number }>`SELECT id FROM t WHERE v REGEXP ${pattern}`.execute(
        database.db,
      );
      const { rows: actual } = await sql<{
        id: number;
      }>`SELECT id FROM t WHERE ${regexMatch(v, pattern, 'sqlite', maxLength)}`.execute(database.db);
      expect(actual, pattern).toEqual(expected);
    }
    // The comparison is about GLOB: most of the patterns are lowered.
    expect(lowered).toBeGreaterThan(cases.length / 2);
  });

  it('guards the length only when the column may hold long texts', () => {
    const compiled = (maxLength?: number) =>
      regexMatch(sql.ref('v'), 'sed', 'sqlite', maxLength).compile(database.db).sql;
    expect(compiled(100)).toBe('("v" GLOB ?)');
    expect(compiled(1000)).toContain('octet_length');
    expect(compiled()).toContain('REGEXP');
  });

  it('matches the bench patterns natively on short texts', () => {
    const { sql: text } = regexMatch(sql.ref('v'), '_1[0-9]_', 'sqlite').compile(database.db);
    expect(text).toContain('GLOB');
    expect(text).toContain('REGEXP');
  });
});
