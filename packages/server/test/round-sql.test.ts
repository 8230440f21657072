// The expression language's round in SQL (roundSql: stored depths, sorts and filters) gives the
// value the API shows (roundTo), on both dialects, halves included.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTo } from '@mdis/shared/expressions';
import { roundSql } from '../src/engine/query/expression-sql';
import { DIALECTS } from './helpers/dialects';
import { type TestDatabase, createTestDatabase } from './helpers/test-database';

/** Depth-like sums near halves: a section's rounded mcd top plus a sample's top in cm, and more. */
function depths(): number[] {
  const values = [31.54 + 9.5 / 100, 5.194999999999999, 4.425, 1.005, 2.675, 37.025, 123.4549, 0.0001, 1e-7, 0];
  for (let metres = 0; metres < 900; metres += 13.37)
    for (let cm = 0; cm < 150; cm += 2.5) {
      const sectionTop = roundTo(metres + cm / 7, 2);
      values.push(sectionTop + cm / 100, sectionTop + (cm + 0.5) / 100, (metres + cm / 100) * 1.0037);
    }
  return [...values, ...values.map((value) => -value)];
}

describe.each(DIALECTS)('roundSql (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  async function roundedInSql(values: number[], digits: number): Promise<number[]> {
    const rounded: number[] = [];
    for (let start = 0; start < values.length; start += 500) {
      const rows = values
        .slice(start, start + 500)
        .map((value, index) => sql`SELECT CAST(${index} AS INTEGER) AS n, CAST(${value} AS DOUBLE PRECISION) AS x`);
      const { rows: answers } = await sql<{ n: number; r: number | string }>`
        SELECT v.n, ${roundSql(sql.ref('v.x'), digits, dialect)} AS r FROM (${sql.join(rows, sql` UNION ALL `)}) v
        ORDER BY v.n`.execute(database.db);
      rounded.push(...answers.map((row) => Number(row.r)));
    }
    return rounded;
  }

  it.each([2, 3])('rounds to %i digits as the API shows (roundTo)', async (digits) => {
    const values = depths();
    const inSql = await roundedInSql(values, digits);
    const disagreements = values
      .map((value, index) => ({ value, sql: inSql[index], shown: roundTo(value, digits) }))
      .filter((row) => !Object.is(row.sql === 0 ? 0 : row.sql, row.shown === 0 ? 0 : row.shown));
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(values.length).toBeGreaterThan(10_000);
  });
});
