import { toGlobPatterns } from '@mdis/shared/filters';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Texts longer than this (in bytes) keep the REGEXP function even when the pattern has a GLOB form:
 * GLOB's work per row grows with length × atoms and, native, it cannot be stopped by the statement
 * budget, whose per-row check runs in REGEXP (infra/db/query-budget.ts). Codes and ids are far below.
 */
export const MAX_GLOB_BYTES = 1024;

// A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
function fitsGlobBytes(maxLength: number | undefined): boolean {
  return maxLength !== undefined && maxLength * 3 <= MAX_GLOB_BYTES;
}

// SQLite: a simple pattern as native GLOBs (filters/glob-pattern.ts: exactly the texts REGEXP
// matches), no JavaScript per row: at 1M samples the capped count of bench S3 took 35 ms with
// REGEXP, 21 with the length guard, 15 without it (a column whose validated size keeps every value
// under the bound needs none). Match filters only reach text, date and list columns, whose values
// are TEXT in SQL (text affinity, text expressions): GLOB reads them as REGEXP does.
export function sqliteRegexMatch(ref: Expression<unknown>, pattern: string, maxLength?: number): RawBuilder<SqlBool> {
  const regex = sql<SqlBool>`(${ref} REGEXP ${pattern})`;
  const globs = toGlobPatterns(pattern);
  if (!globs) return regex;
  const native = sql.join(
    globs.map((glob) => sql`${ref} GLOB ${glob}`),
    sql` OR `,
  );
  if (fitsGlobBytes(maxLength)) return sql<SqlBool>`(${native})`;
  return sql<SqlBool>`(CASE WHEN octet_length(${ref}) <= ${sql.lit(MAX_GLOB_BYTES)} THEN (${native}) ELSE ${regex} END)`;
}
