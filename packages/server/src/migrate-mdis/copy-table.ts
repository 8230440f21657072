import { runWithoutHistory } from '../infra/db/audit-context';
import type { Dialect } from '../infra/db/dialect';
import type { Db } from '../infra/db/schema';
import { createBulkWriter } from '../seed/demo/bulk-writer';
import { sql } from 'kysely';
import type { Checkpoint, Checkpoints } from './checkpoints';
import type { TargetValue } from './convert';
import type { Source, SourceRow } from './source';

export interface CopyPlan {
  /** The checkpoint's name (the target table, or `users`, `value_list_items`, …). */
  step: string;
  sourceTable: string;
  sourceColumns: readonly string[];
  targetTable: string;
  targetColumns: readonly string[];
  /** A source row as the target row (values in targetColumns order); null skips it. */
  map(row: SourceRow): TargetValue[] | null;
  /** The numeric key the copy resumes after (`id`); none: the table is copied in one transaction. */
  key?: string;
  /** The target's rows are deleted with the first batch (seeded defaults the source replaces). */
  replaceExisting?: boolean;
}

export interface CopyContext {
  db: Db;
  dialect: Dialect;
  source: Source;
  checkpoints: Checkpoints;
  batchSize: number;
  /** Called after each committed batch; throwing here stops the copy (the test's interruption). */
  onBatch?: (step: string, rows: number) => void;
}

/**
 * Copies one table: the source rows streamed in key order, written in batches (multi-row INSERTs),
 * each batch in one transaction with its checkpoint, so an interrupted copy resumes after the
 * last committed batch and never writes a row twice. Without a key: all rows in one transaction.
 */
export async function copyTable(ctx: CopyContext, plan: CopyPlan, previous?: Checkpoint): Promise<Checkpoint> {
  let checkpoint: Checkpoint = previous ?? { step: plan.step, lastId: 0, rows: 0, done: false };
  if (checkpoint.done) return checkpoint;
  const spec = { key: plan.step, table: plan.targetTable, columns: plan.targetColumns };
  const keyIndex = plan.key === undefined ? -1 : plan.sourceColumns.indexOf(plan.key);
  let batch: { values: TargetValue[]; key: number }[] = [];
  let replace = plan.replaceExisting === true && checkpoint.rows === 0;

  const write = async (final: boolean) =>
    runWithoutHistory(() =>
      ctx.db.transaction().execute(async (trx) => {
        if (replace) await sql`DELETE FROM ${sql.table(plan.targetTable)}`.execute(trx);
        const writer = createBulkWriter(trx, ctx.dialect, [spec]);
        for (const row of batch)
          writer.push(plan.step, Object.fromEntries(plan.targetColumns.map((c, i) => [c, row.values[i] ?? null])));
        await writer.flush();
        const lastId = batch.length > 0 && keyIndex >= 0 ? (batch.at(-1)?.key ?? checkpoint.lastId) : checkpoint.lastId;
        checkpoint = { step: plan.step, lastId, rows: checkpoint.rows + batch.length, done: final };
        await ctx.checkpoints.save(trx, checkpoint);
        replace = false;
      }),
    );

  const rows = ctx.source.stream(plan.sourceTable, plan.sourceColumns, {
    ...(plan.key === undefined ? {} : { key: plan.key, afterKey: checkpoint.lastId }),
  });
  for await (const row of rows) {
    const values = plan.map(row);
    if (values) batch.push({ values, key: keyIndex >= 0 ? Number(row[plan.key ?? '']) : 0 });
    if (plan.key !== undefined && batch.length >= ctx.batchSize) {
      await write(false);
      const written = batch.length;
      batch = [];
      ctx.onBatch?.(plan.step, written);
    }
  }
  await write(true);
  ctx.onBatch?.(plan.step, batch.length);
  return checkpoint;
}

/** Rows read whole (users: joined from several source tables), written in one transaction. */
export async function writeAll(
  ctx: CopyContext,
  plan: { step: string; targetTable: string; targetColumns: readonly string[] },
  rows: readonly TargetValue[][],
  previous?: Checkpoint,
): Promise<Checkpoint> {
  if (previous?.done) return previous;
  const checkpoint: Checkpoint = { step: plan.step, lastId: 0, rows: rows.length, done: true };
  await runWithoutHistory(() =>
    ctx.db.transaction().execute(async (trx) => {
      const writer = createBulkWriter(trx, ctx.dialect, [
        { key: plan.step, table: plan.targetTable, columns: plan.targetColumns },
      ]);
      for (const row of rows)
        writer.push(plan.step, Object.fromEntries(plan.targetColumns.map((c, i) => [c, row[i] ?? null])));
      await writer.flush();
      await ctx.checkpoints.save(trx, checkpoint);
    }),
  );
  ctx.onBatch?.(plan.step, rows.length);
  return checkpoint;
}
