import { sql } from 'kysely';
import type { Db } from '../infra/db/schema';

export interface Checkpoint {
  step: string;
  lastId: number;
  rows: number;
  done: boolean;
}

type Runner = Pick<Db, 'executeQuery'> | Db;

/** The per-step progress of a migration (table mdis_v3_migration): what a resumed run skips. */
export function createCheckpoints(db: Db) {
  return {
    async all(): Promise<Map<string, Checkpoint>> {
      const { rows } = await sql<{ step: string; last_id: unknown; row_count: unknown; done: unknown }>`
        SELECT step, last_id, row_count, done FROM mdis_v3_migration`.execute(db);
      return new Map(
        rows.map((r) => [
          r.step,
          { step: r.step, lastId: Number(r.last_id), rows: Number(r.row_count), done: Number(r.done) === 1 },
        ]),
      );
    },
    /** Written in the transaction of the batch it records (`runner`), so both land or neither. */
    async save(runner: Runner, checkpoint: Checkpoint): Promise<void> {
      const at = new Date().toISOString();
      await sql`
        INSERT INTO mdis_v3_migration (step, last_id, row_count, done, updated_at)
        VALUES (${checkpoint.step}, ${checkpoint.lastId}, ${checkpoint.rows}, ${checkpoint.done ? 1 : 0}, ${at})
        ON CONFLICT (step) DO UPDATE SET last_id = excluded.last_id, row_count = excluded.row_count, done = excluded.done,
          updated_at = excluded.updated_at`.execute(runner as Db);
    },
    async clear(): Promise<void> {
      await sql`DELETE FROM mdis_v3_migration`.execute(db);
    },
  };
}

export type Checkpoints = ReturnType<typeof createCheckpoints>;
