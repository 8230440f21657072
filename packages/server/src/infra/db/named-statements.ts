import { createHash } from 'node:crypto';

/**
 * Distinct statements one PostgreSQL connection keeps prepared. Each holds a plan in the server
 * process; past the cap a new statement text simply runs unnamed (parsed and planned each time).
 */
export const NAMED_STATEMENTS_PER_CONNECTION = 100;

const SELECT = /^\s*select\b/i;

// Bumped whenever tables may have changed shape: a statement prepared before could fail with
// "cached plan must not change result type", which inside a transaction aborts it (no retry can
// follow). Statements of a new generation have new names, so they are parsed afresh.
let schemaGeneration = 0;

/**
 * Tables may have changed shape (schema sync applied a plan here, or this instance saw the template
 * revision move, which another instance's sync bumps in the same transaction as its DDL): every
 * connection prepares its statements anew before the next one it runs.
 */
export function schemaChanged(): void {
  schemaGeneration += 1;
}

export function currentSchemaGeneration(): number {
  return schemaGeneration;
}

/**
 * Names for the SELECTs of one connection, so that pg prepares each statement text once (Parse on
 * first use, then Bind/Execute only) and PostgreSQL may reuse its plan: planning the sample list's
 * seven-table join cost ~15 ms per request, its execution well under one. Kysely sends values as
 * parameters (LIMIT and OFFSET too), so a text is a query shape. Same text, same name.
 */
export function statementNames(limit = NAMED_STATEMENTS_PER_CONNECTION, generation = schemaGeneration) {
  const names = new Map<string, string | null>();
  return {
    /** The schema generation these names belong to (the name carries it: never reused across them). */
    generation,
    nameOf(text: string): string | undefined {
      const known = names.get(text);
      if (known !== undefined) return known ?? undefined;
      if (names.size >= limit || !isNameable(text)) return undefined;
      const hash = createHash('sha1').update(text).digest('hex').slice(0, 24);
      const name = `mdis_${String(generation)}_${hash}`;
      names.set(text, name);
      return name;
    },
    /** This text runs unnamed from now on (its prepared plan no longer fits the table). */
    forget(text: string): void {
      names.set(text, null);
    },
  };
}

/** Whether a statement text runs named (SELECTs): only those can meet a stale plan. */
export function isNameable(text: string): boolean {
  return SELECT.test(text);
}

/** PostgreSQL's answer when a table changed under a prepared statement ("cached plan must not change result type"). */
export function isStalePlan(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '0A000';
}

/**
 * Runs `work` once more when it failed on a stale plan: inside a transaction that error aborts it,
 * so only a whole transaction (or a read) can be run again, and only one whose effects all lived in
 * that transaction; `beforeRetry` undoes what the first run changed outside it (a record's values).
 * By then the pool has advanced the schema generation, so the second run prepares afresh.
 */
export async function retryOnStalePlan<T>(work: () => Promise<T>, beforeRetry?: () => void): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    beforeRetry?.();
    return work();
  }
}
