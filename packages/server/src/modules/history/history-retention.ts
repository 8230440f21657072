import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the retention runs: often enough that the table never grows far past the setting. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;
const CHUNK = 5000;

/**
 * Removes the history of updates older than `keepDays` (creations, deletions and m:n link changes
 * are kept forever: they are how a record is found and restored, with its links). In chunks, each its own short statement, so no
 * write waits long. Safe on several instances at once: a row removed twice is removed once.
 */
export async function pruneHistory(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    const chunk = db
      .selectFrom('record_history')
      .select('id')
      .where('action', '=', 'update')
      .where('at', '<', cutoff)
      .orderBy('id')
      .limit(CHUNK);
    const result = await db.deleteFrom('record_history').where('id', 'in', chunk).executeTakeFirst();
    const count = Number(result.numDeletedRows);
    removed += count;
    if (count < CHUNK) return removed;
  }
}

/** Runs pruneHistory now and every RETENTION_INTERVAL_MS; the returned function stops it. */
export function scheduleHistoryRetention(db: Db, keepDays: number, log: (error: unknown) => void): () => void {
  const run = () => void pruneHistory(db, keepDays).catch(log);
  const timer = setInterval(run, RETENTION_INTERVAL_MS);
  // The timer never keeps the process alive on its own (tests, a closing server).
  timer.unref();
  run();
  return () => clearInterval(timer);
}

/** With MDIS_HISTORY_KEEP_DAYS set: the retention runs from the app's start until it closes. */
export function registerHistoryRetention(app: FastifyInstance, db: Db, keepDays: number | undefined): void {
  if (keepDays === undefined) return;
  let stop: (() => void) | undefined;
  app.addHook('onReady', (done) => {
    stop = scheduleHistoryRetention(db, keepDays, (error) => app.log.error(error));
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    stop?.();
    done();
  });
}
