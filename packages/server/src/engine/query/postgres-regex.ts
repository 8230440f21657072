import { requiredLiterals } from '@mdis/shared/filters';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

// pg_trgm makes trigrams of letters and digits only (`_`, `-`, spaces split words).
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;

/**
 * Whether pg_trgm's GIN index can narrow a pattern: one of the literals every match contains has
 * three letters or digits in a row. Otherwise its trigrams are the padded starts of words ('_1[0-9]_'
 * gives ` 1x`), which nearly every row has.
 * @example trigramSelective('sed') // true
 * @example trigramSelective('_1[0-9]_') // false
 */
export function trigramSelective(pattern: string): boolean {
  return requiredLiterals(pattern).some((literal) => TRIGRAM_RUN.test(literal));
}

/**
 * PostgreSQL's `~*`. When the trigram index cannot narrow the pattern, `|| ''` (the same text, NULL
 * stays NULL) keeps the planner off it: for bench S3r at 1M samples its bitmap listed 1,023,054
 * candidate rows, all rechecked before the LIMIT of the capped count could stop anything (4.5 s);
 * a scan stops at the LIMIT.
 */
export function postgresRegexMatch(ref: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  if (trigramSelective(pattern)) return sql<SqlBool>`(CAST(${ref} AS TEXT) ~* ${pattern})`;
  return sql<SqlBool>`((CAST(${ref} AS TEXT) || '') ~* ${pattern})`;
}
