import type { SyncResult } from '@mdis/shared';
import type { Db } from '../../infra/db/schema';

type Executor = Pick<Db, 'selectFrom' | 'insertInto'>;

/** The operations a user's uploads applied (offline_applied_ops), read and written in the batch's transaction. */
export const appliedOps = {
  /** The stored answers of those of `opIds` applied before. */
  async find(db: Executor, userId: number, opIds: readonly string[]): Promise<Map<string, SyncResult>> {
    const found = new Map<string, SyncResult>();
    if (opIds.length === 0) return found;
    const rows = await db
      .selectFrom('offline_applied_ops')
      .select(['op_id', 'result'])
      .where('user_id', '=', userId)
      .where('op_id', 'in', [...opIds])
      .execute();
    for (const row of rows) found.set(row.op_id, JSON.parse(row.result) as SyncResult);
    return found;
  },

  /** The real ids of tempIds that earlier uploads created. */
  async recordIds(db: Executor, userId: number, tempIds: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    if (tempIds.length === 0) return found;
    const rows = await db
      .selectFrom('offline_applied_ops')
      .select(['temp_id', 'record_id'])
      .where('user_id', '=', userId)
      .where('temp_id', 'in', [...tempIds])
      .execute();
    for (const row of rows) if (row.temp_id !== null && row.record_id !== null) found.set(row.temp_id, row.record_id);
    return found;
  },

  async save(db: Executor, userId: number, result: SyncResult): Promise<void> {
    await db
      .insertInto('offline_applied_ops')
      .values({
        user_id: userId,
        op_id: result.opId,
        temp_id: result.tempId ?? null,
        record_id: result.id ?? null,
        result: JSON.stringify(result),
        applied_at: new Date().toISOString(),
      })
      .execute();
  },
};
