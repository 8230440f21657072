import type { FieldError, SyncOperation, SyncResponse, SyncResult, SyncStatus } from '@mdis/shared';

/**
 * The offline operation queue's rules (issue 22), kept pure so the store (IndexedDB) and the sync
 * loop stay thin: what an upload sends, and what the server's answer leaves in the queue.
 */

/** A queued operation; after a refused upload it carries why, and stays (editable) until fixed. */
export interface QueuedOperation extends SyncOperation {
  /** Set when the server refused it: the user must act (edit, resolve the conflict, drop it). */
  refused?: {
    status: Exclude<SyncStatus, 'applied' | 'duplicate'>;
    message?: string;
    errors?: FieldError[];
    /** A conflict: the server's record, its version and the fields changed there since `baseVersion`. */
    record?: Record<string, unknown>;
    version?: number;
    serverChanges?: string[];
  };
}

/** What an answer means for the local copy of a record (the store takes the server's version). */
export interface RecordUpdate {
  form: string | undefined;
  model: string | undefined;
  tempId?: string;
  id: number;
  /** Undefined: the record was deleted. */
  record?: Record<string, unknown>;
  version?: number;
}

export interface SyncOutcome {
  queue: QueuedOperation[];
  updates: RecordUpdate[];
  /** The queued operations the user has to look at (conflicts, validation errors, ...). */
  refused: QueuedOperation[];
}

/** The next upload: the queue in order, without operations the user still has to fix. */
export function nextUpload(queue: readonly QueuedOperation[], max: number): SyncOperation[] {
  return queue
    .filter((op) => !op.refused || op.refused.status === 'skipped')
    .slice(0, max)
    .map(({ refused: _refused, ...op }) => op);
}

function mapValue(value: unknown, ids: Readonly<Record<string, number>>): unknown {
  if (typeof value === 'string' && Object.hasOwn(ids, value)) return ids[value];
  if (Array.isArray(value)) return value.map((item) => mapValue(item, ids));
  return value;
}

/** An operation with the tempIds the server has mapped replaced by real ids. */
function withRealIds(op: QueuedOperation, ids: Readonly<Record<string, number>>): QueuedOperation {
  const values = op.values && Object.fromEntries(Object.entries(op.values).map(([k, v]) => [k, mapValue(v, ids)]));
  const id = typeof op.id === 'string' && Object.hasOwn(ids, op.id) ? ids[op.id] : op.id;
  return { ...op, id, ...(values ? { values } : {}) };
}

const isDone = (result: SyncResult) => result.status === 'applied' || result.status === 'duplicate';

/**
 * The queue after an upload: applied (and duplicate) operations leave it; refused ones stay, marked;
 * later operations name the real ids of records just created, and take the server's new version of
 * a record this client just wrote as their base (their own earlier write is no conflict).
 */
export function applySyncResponse(queue: readonly QueuedOperation[], response: SyncResponse): SyncOutcome {
  const results = new Map(response.results.map((result) => [result.opId, result]));
  const versions = new Map<number, number>();
  const updates: RecordUpdate[] = [];
  for (const op of queue) {
    const result = results.get(op.opId);
    if (!result || !isDone(result) || result.id === undefined) continue;
    if (result.version !== undefined) versions.set(result.id, result.version);
    updates.push({
      form: op.form,
      model: op.model,
      ...(op.tempId ? { tempId: op.tempId } : {}),
      id: result.id,
      ...(op.action === 'delete' ? {} : { record: result.record, version: result.version }),
    });
  }
  const remaining: QueuedOperation[] = [];
  for (const op of queue) {
    const result = results.get(op.opId);
    if (result && isDone(result)) continue;
    let next = withRealIds(op, response.idMap);
    const written = typeof next.id === 'number' ? versions.get(next.id) : undefined;
    if (written !== undefined && next.baseVersion !== undefined) next = { ...next, baseVersion: written };
    if (result) {
      const { status, message, errors, record, version, serverChanges } = result;
      const refused: NonNullable<QueuedOperation['refused']> = {
        status: status as NonNullable<QueuedOperation['refused']>['status'],
        ...(message === undefined ? {} : { message }),
        ...(errors === undefined ? {} : { errors }),
        ...(record === undefined ? {} : { record }),
        ...(version === undefined ? {} : { version }),
        ...(serverChanges === undefined ? {} : { serverChanges }),
      };
      next = { ...next, refused };
    }
    remaining.push(next);
  }
  return {
    queue: remaining,
    updates,
    refused: remaining.filter((op) => op.refused && op.refused.status !== 'skipped'),
  };
}
