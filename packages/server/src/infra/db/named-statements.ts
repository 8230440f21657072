import { createHash } from 'node:crypto';

/**
 * Distinct statements one PostgreSQL connection keeps prepared. Each holds a plan in the server
 * process; past the cap a new statement text simply runs unnamed (parsed and planned each time).
 */
export const NAMED_STATEMENTS_PER_CONNECTION = 100;

const SELECT = /^\s*select\b/i;

/**
 * Names for the SELECTs of one connection, so that pg prepares each statement text once (Parse on
 * first use, then Bind/Execute only) and PostgreSQL may reuse its plan: planning the sample list's
 * seven-table join cost ~15 ms per request, its execution well under one. Kysely sends values as
 * parameters (LIMIT and OFFSET too), so a text is a query shape. Same text, same name.
 */
export function statementNames(limit = NAMED_STATEMENTS_PER_CONNECTION) {
  const names = new Map<string, string | null>();
  return {
    nameOf(text: string): string | undefined {
      const known = names.get(text);
      if (known !== undefined) return known ?? undefined;
      if (names.size >= limit || !SELECT.test(text)) return undefined;
      const name = `mdis_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
      return name;
    },
    /** This text runs unnamed from now on (its prepared plan no longer fits the table). */
    forget(text: string): void {
      names.set(text, null);
    },
  };
}

/** PostgreSQL's answer when a table changed under a prepared statement ("cached plan must not change result type"). */
export function isStalePlan(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '0A000';
}
