import { recordKey } from './offlineDb';
import {
  dropRecord,
  nextTempId,
  operationId,
  putRecord,
  queue,
  replaceQueue,
  storedRecord,
  tempIdOf,
} from './offlineStore';
import { notifyOfflineChange } from './offlineStatus';
import type { QueuedOperation } from './syncQueue';

/**
 * What the user decides about an operation the server refused (issue 22 item 6): resubmit it with
 * chosen values, re-create a record deleted on the server, or drop the change.
 */

type Row = Record<string, unknown>;

async function replaceOperation(opId: string, next: QueuedOperation | null): Promise<void> {
  const ops = await queue();
  await replaceQueue(ops.flatMap((op) => (op.opId !== opId ? [op] : next ? [next] : [])));
  notifyOfflineChange();
}

/** The record id the store keeps the operation's record under (negative: created offline). */
function localId(op: QueuedOperation): number | null {
  if (typeof op.id === 'number') return op.id;
  const tempId = typeof op.id === 'string' ? op.id : op.tempId;
  const n = tempId ? /^tmp(\d+)$/.exec(tempId)?.[1] : undefined;
  return n === undefined ? null : -Number(n);
}

/**
 * Sends the operation again with the values chosen; a conflict's base becomes the server's
 * version the user has now seen, so it goes through unless the record changes once more.
 */
export async function resubmit(op: QueuedOperation, values: Row): Promise<void> {
  const { refused, ...rest } = op;
  const baseVersion = refused?.version ?? op.baseVersion;
  await replaceOperation(op.opId, { ...rest, values, ...(baseVersion === undefined ? {} : { baseVersion }) });
  const id = localId(op);
  const stored = op.form && id !== null ? await storedRecord(op.form, id) : undefined;
  if (stored) await putRecord({ ...stored, record: { ...stored.record, ...values }, version: baseVersion });
}

/** Drops the change: the store takes the server's record where the answer brought it. */
export async function discard(op: QueuedOperation): Promise<void> {
  await replaceOperation(op.opId, null);
  const id = localId(op);
  if (!op.form || id === null) return;
  const stored = await storedRecord(op.form, id);
  if (!stored) return;
  const server = op.refused?.record;
  if (op.action === 'create' || op.refused?.status === 'gone') await dropRecord(op.form, id);
  else if (server) await putRecord({ ...stored, record: server, version: op.refused?.version, pending: undefined });
  else await putRecord({ ...stored, pending: undefined });
}

/** A record deleted on the server while edited offline: created again with the values kept here. */
export async function recreate(op: QueuedOperation): Promise<void> {
  const id = localId(op);
  if (!op.form || id === null) return;
  const stored = await storedRecord(op.form, id);
  const values: Row = { ...(stored?.record ?? {}), ...(op.values ?? {}) };
  delete values.id;
  const temp = await nextTempId();
  const tempId = tempIdOf(temp);
  await replaceOperation(op.opId, { opId: operationId(), form: op.form, action: 'create', tempId, values });
  if (stored) {
    await dropRecord(op.form, id);
    await putRecord({
      ...stored,
      key: recordKey(op.form, temp),
      id: temp,
      record: { ...values, id: temp },
      pending: 'create',
    });
  }
}
