import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Who writes, and from where: what every history row records next to the change. */
export interface AuditActor {
  userId?: number;
  userName?: string;
  /** `POST /api/v1/form/:id`, or a task's name (`seed`, `igsn-backfill`). */
  route?: string;
  client?: string;
}

interface AuditScope {
  /** Read when a row is written, not when the scope starts: a request's user is known only later. */
  actor: () => AuditActor;
  /** Groups the rows of one action (a request, an import); made on first use. */
  batchId?: string;
  history: boolean;
  /** The actor's text, worked out once for a run of writes by one actor (withActorFixed). */
  fixed?: string | null;
}

// The database triggers that write the history ask for the actor while a statement runs (SQLite:
// a function the trigger calls; PostgreSQL: a setting made when the transaction begins), so the
// actor travels with the async call chain instead of through every repository's parameters.
const storage = new AsyncLocalStorage<AuditScope>();

/** Runs `task` with `actor` as the author of its writes, as one batch. */
export function runAudited<T>(actor: AuditActor | (() => AuditActor), task: () => T): T {
  const read = typeof actor === 'function' ? actor : () => actor;
  return storage.run({ actor: read, history: true }, task);
}

/** Runs `task` without history rows: generated bulk data (the demo, the bench), not a person's work. */
export function runWithoutHistory<T>(task: () => T): T {
  return storage.run({ actor: () => ({}), history: false }, task);
}

/** 0 inside runWithoutHistory, else 1 (SQLite triggers fire WHEN this is 1). */
export function historyEnabled(): number {
  return storage.getStore()?.history === false ? 0 : 1;
}

/** The batch of the current action (one per request), or undefined outside any. */
export function currentBatchId(): string | undefined {
  const scope = storage.getStore();
  if (!scope) return undefined;
  scope.batchId ??= randomUUID();
  return scope.batchId;
}

/**
 * The actor as the triggers read it: `{"u":id,"n":name,"r":route,"c":client,"b":batch}`, `"off"`
 * inside runWithoutHistory, null outside any scope (a write nobody claimed: a start-up task).
 */
export function auditActorJson(): string | null {
  const scope = storage.getStore();
  if (!scope) return null;
  if (scope.fixed !== undefined) return scope.fixed;
  if (!scope.history) return '"off"';
  const actor = scope.actor();
  return JSON.stringify({
    u: actor.userId ?? null,
    n: actor.userName ?? null,
    r: actor.route ?? null,
    c: actor.client ?? null,
    b: currentBatchId(),
  });
}

/**
 * Runs `task` with the actor's text worked out once, in the current batch: for many writes by an
 * actor that cannot change meanwhile (an import's batch of inserts), whose history triggers would
 * otherwise ask for it row by row.
 */
export function withActorFixed<T>(task: () => T): T {
  const scope = storage.getStore();
  if (!scope) return task();
  const fixed = auditActorJson();
  return storage.run({ ...scope, fixed }, task);
}
