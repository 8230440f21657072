import type { PostgresPool } from 'kysely';
import type pg from 'pg';
import { auditActorJson } from './audit-context';
import { isStalePlan, statementNames } from './named-statements';

/** The PostgreSQL setting the history trigger reads (`current_setting('mdis.audit', true)`). */
export const AUDIT_SETTING = 'mdis.audit';

const patched = new WeakSet<object>();

// Kysely begins every transaction with the query `begin`. Sent with the actor's setting in the
// same simple-protocol round trip, the setting costs nothing extra and ends with the transaction
// (set_config(..., true) = SET LOCAL), so a pooled connection never carries it to the next user.
function patchClient(client: pg.PoolClient): void {
  if (patched.has(client)) return;
  patched.add(client);
  const query = client.query.bind(client) as (text: unknown, values?: unknown[]) => Promise<unknown>;
  const names = statementNames();
  const prepared = async (text: string, values: unknown[]) => {
    const name = names.nameOf(text);
    if (name === undefined) return query(text, values);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      names.forget(text);
      return query(text, values);
    }
  };
  const audited = async (text: unknown, values?: unknown[]) => {
    const actor = text === 'begin' ? auditActorJson() : null;
    if (actor === null) return typeof text === 'string' && values ? prepared(text, values) : query(text, values);
    const results = await query(`begin; select set_config('${AUDIT_SETTING}', ${client.escapeLiteral(actor)}, true)`);
    return Array.isArray(results) ? (results as unknown[])[0] : results;
  };
  (client as unknown as { query: unknown }).query = audited;
}

/**
 * The pool Kysely uses: every connection it hands out passes the actor on with each `begin`, and
 * runs its SELECTs as named prepared statements (named-statements.ts).
 */
export function auditedPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      patchClient(client);
      return client;
    },
    end: () => pool.end(),
  };
}
