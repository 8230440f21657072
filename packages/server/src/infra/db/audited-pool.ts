import type { PostgresPool } from 'kysely';
import type pg from 'pg';
import { auditActorJson } from './audit-context';
import { currentSchemaGeneration, isNameable, isStalePlan, schemaChanged, statementNames } from './named-statements';

/** The PostgreSQL setting the history trigger reads (`current_setting('mdis.audit', true)`). */
export const AUDIT_SETTING = 'mdis.audit';

const patched = new WeakSet<object>();

/** Whether the connection is inside a transaction once `text` (Kysely's own statements) has run. */
function transactionStateAfter(text: string, inTransaction: boolean): boolean {
  if (/^\s*(begin|start transaction)\b/i.test(text)) return true;
  if (/^\s*(commit|rollback)\s*$/i.test(text)) return false;
  return inTransaction;
}

// Kysely begins every transaction with the query `begin`. Sent with the actor's setting in the
// same simple-protocol round trip, the setting costs nothing extra and ends with the transaction
// (set_config(..., true) = SET LOCAL), so a pooled connection never carries it to the next user.
function patchClient(client: pg.PoolClient): void {
  if (patched.has(client)) return;
  patched.add(client);
  const query = client.query.bind(client) as (text: unknown, values?: unknown[]) => Promise<unknown>;
  let names = statementNames();
  let inTransaction = false;
  const prepared = async (text: string, values: unknown[]) => {
    // Only before a statement that runs named: a ROLLBACK of a transaction a stale plan aborted
    // must not be preceded by a DEALLOCATE, which the aborted transaction would refuse.
    if (!isNameable(text)) return query(text, values);
    if (names.generation !== currentSchemaGeneration()) {
      // The old plans may not fit the tables any more: freed, and the next names are new ones.
      names = statementNames();
      await query('DEALLOCATE ALL');
    }
    const name = names.nameOf(text);
    if (name === undefined) return query(text, values);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      // Another instance altered a table: every connection's plans may be stale, not just this one.
      schemaChanged();
      names.forget(text);
      // Inside a transaction the error has aborted it: the caller may run the whole of it again
      // (retryOnStalePlan); a retry of this statement alone would only fail again, differently.
      if (inTransaction) throw error;
      return query(text, values);
    }
  };
  const audited = async (text: unknown, values?: unknown[]) => {
    if (typeof text === 'string') inTransaction = transactionStateAfter(text, inTransaction);
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
