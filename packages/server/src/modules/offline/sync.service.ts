import { AppError, type PermissionHolder, type SyncOperation, type SyncResponse, type SyncResult } from '@mdis/shared';
import type { DynamicTrx } from '../../engine/records/dynamic-db';
import type { RecordModel, TemplateSource } from '../../engine/records/record-model';
import { type RecordTargetRef, resolveTarget } from '../../engine/records/record-target';
import { RECORD_NOT_FOUND } from '../../engine/records/records-read';
import type { RecordsService } from '../../engine/records/records.service';
import type { Dialect } from '../../infra/db/dialect';
import type { Db } from '../../infra/db/schema';
import { behindSavepoint } from '../../infra/db/savepoint';
import { lockUntilTransactionEnds } from '../../infra/db/transaction-lock';
import { appliedOps } from './applied-ops.repository';
import { fieldsChangedSince, versionOf } from './record-versions';
import { mapTempIds, recordIdOf, tempIdsOf, UnknownTempId } from './sync-values';

export interface SyncServiceOptions {
  records: RecordsService;
  templates: TemplateSource;
  dialect: Dialect;
}

type BoundRecords = Parameters<Parameters<RecordsService['inTransaction']>[0]>[0];
type User = PermissionHolder & { id: number };

/** What one upload knows while it runs: answers found or made, tempIds mapped, versions before its writes. */
interface BatchState {
  answered: Map<string, SyncResult>;
  ids: Map<string, number>;
  /** `table:id` → the record's version before this upload first wrote it (its own writes are no conflict). */
  baselines: Map<string, number>;
}

const refOf = (op: SyncOperation): RecordTargetRef =>
  op.form !== undefined ? { kind: 'form', name: op.form } : { kind: 'global', name: op.model ?? '' };

/** A refused operation's answer: the pipeline's error as a status; anything unexpected fails the upload. */
function refusal(op: SyncOperation, error: unknown): SyncResult {
  const base = { opId: op.opId, ...(op.tempId ? { tempId: op.tempId } : {}) };
  if (error instanceof UnknownTempId) return { ...base, status: 'skipped', message: error.message };
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'FORBIDDEN') return { ...base, status: 'forbidden', message: error.message };
  if (error.code === 'NOT_FOUND' && error.message === RECORD_NOT_FOUND)
    return { ...base, status: 'gone', message: error.message };
  if (error.status >= 500) throw error;
  const errors = error.extensions.fields;
  return { ...base, status: 'invalid', message: error.message, ...(errors ? { errors } : {}) };
}

/** An update or delete whose record changed on the server since `baseVersion`: the conflict answer. */
async function conflictCheck(
  bound: BoundRecords,
  trx: Db,
  user: User,
  op: SyncOperation,
  model: RecordModel,
  id: number,
  state: BatchState,
): Promise<SyncResult | undefined> {
  const key = `${model.table}:${String(id)}`;
  const current = await versionOf(trx, model.table, id);
  const before = state.baselines.get(key) ?? current;
  if (!state.baselines.has(key)) state.baselines.set(key, current);
  if (op.baseVersion === undefined || op.force || before <= op.baseVersion) return undefined;
  const record = await bound.get(user, refOf(op), id);
  const serverChanges = await fieldsChangedSince(trx, model.table, id, op.baseVersion);
  return { opId: op.opId, status: 'conflict', id, record, version: current, serverChanges };
}

/** The operation through the pipeline (bound to the batch's transaction); refusals throw. */
async function apply(
  templates: TemplateSource,
  bound: BoundRecords,
  trx: Db,
  user: User,
  op: SyncOperation,
  state: BatchState,
): Promise<SyncResult> {
  const ref = refOf(op);
  const { model } = await resolveTarget(templates, ref);
  const values = mapTempIds(model, op.values ?? {}, state.ids);
  if (op.action === 'create') {
    const record = await bound.create(user, ref, values);
    const id = Number(record.id);
    state.baselines.set(`${model.table}:${String(id)}`, 0);
    const version = await versionOf(trx, model.table, id);
    return { opId: op.opId, status: 'applied', id, record, version, ...(op.tempId ? { tempId: op.tempId } : {}) };
  }
  const id = recordIdOf(op, state.ids);
  const conflict = await conflictCheck(bound, trx, user, op, model, id, state);
  if (conflict) return conflict;
  if (op.action === 'delete') {
    await bound.remove(user, ref, id);
    return { opId: op.opId, status: 'applied', id };
  }
  const record = await bound.update(user, ref, id, values);
  return { opId: op.opId, status: 'applied', id, record, version: await versionOf(trx, model.table, id) };
}

/** One operation in its own savepoint: a refusal rolls back what it wrote, nothing else. */
async function runOne(
  templates: TemplateSource,
  bound: BoundRecords,
  trx: DynamicTrx,
  user: User,
  op: SyncOperation,
  state: BatchState,
): Promise<SyncResult> {
  const earlier = state.answered.get(op.opId);
  if (earlier) {
    if (earlier.tempId !== undefined && earlier.id !== undefined) state.ids.set(earlier.tempId, earlier.id);
    return { ...earlier, status: 'duplicate' };
  }
  const db = trx as unknown as Db;
  let result: SyncResult;
  try {
    result = await behindSavepoint(trx, 'sync_op', async () => {
      const applied = await apply(templates, bound, db, user, op, state);
      if (applied.status === 'applied') await appliedOps.save(db, user.id, applied);
      return applied;
    });
  } catch (error) {
    return refusal(op, error);
  }
  if (result.status === 'applied') {
    state.answered.set(op.opId, result);
    if (result.tempId !== undefined && result.id !== undefined) state.ids.set(result.tempId, result.id);
  }
  return result;
}

/**
 * `POST api/v1/sync`: a client's queue of offline operations, replayed in order in one transaction
 * through the records pipeline (permissions, validation, behaviors), each operation in a savepoint
 * so that a refused one leaves the others applied. Applied operations are remembered per user with
 * their answer: a repeated upload gets that answer back and writes nothing twice.
 */
export function createSyncService({ records, templates, dialect }: SyncServiceOptions) {
  return {
    async sync(user: User, operations: readonly SyncOperation[]): Promise<SyncResponse> {
      // The templates are loaded before the transaction: on SQLite a read outside it would wait for it.
      for (const op of operations) await resolveTarget(templates, refOf(op)).catch(() => undefined);
      return records.inTransaction(async (bound, trx) => {
        const db = trx as unknown as Db;
        // One upload of a user at a time (PostgreSQL; SQLite's single writer already is): a retry
        // racing the first attempt finds its operations applied instead of applying them again.
        await lockUntilTransactionEnds(trx, dialect, `offline-sync:${String(user.id)}`);
        const state: BatchState = {
          answered: await appliedOps.find(db, user.id, [...new Set(operations.map((op) => op.opId))]),
          ids: await appliedOps.recordIds(db, user.id, [...new Set(operations.flatMap(tempIdsOf))]),
          baselines: new Map(),
        };
        const results: SyncResult[] = [];
        for (const op of operations) results.push(await runOne(templates, bound, trx, user, op, state));
        return { results, idMap: Object.fromEntries(state.ids) };
      });
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
