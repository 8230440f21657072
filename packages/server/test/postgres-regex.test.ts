import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { regexMatch } from '../src/engine/query/filter-compiler';
import { trigramSelective } from '../src/engine/query/postgres-regex';

// PostgreSQL: a pattern the pg_trgm index cannot narrow is kept off it (bench S3r: the bitmap of
// '_1[0-9]_' listed every one of 1M rows, 4.5 s for a count capped at 10,001). The results stay the
// same: the filter fixtures run through the API on PostgreSQL in filter-compiler.test.ts.

const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('regex filters and the trigram index (postgres)', () => {
  it.each([
    ['sed', true],
    ['^5065_1', true],
    ['Sediment|clay', false],
    ['_1[0-9]_', false],
    ['^C[0-9]+$', false],
    ['a_b_c', false],
    ['µm5', true],
  ])('%j can be narrowed by pg_trgm: %s', (pattern, selective) => {
    expect(trigramSelective(pattern)).toBe(selective);
  });

  it('hides the column from the index only for a pattern it cannot narrow', () => {
    const compiled = (pattern: string) => regexMatch(sql.ref('r.combined_id'), pattern, 'postgres').compile(db).sql;
    expect(compiled('sed')).toBe('(CAST("r"."combined_id" AS TEXT) ~* $1)');
    expect(compiled('_1[0-9]_')).toBe(`((CAST("r"."combined_id" AS TEXT) || '') ~* $1)`);
  });
});
