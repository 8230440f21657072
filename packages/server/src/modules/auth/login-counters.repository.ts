import { sql } from 'kysely';
import type { Db } from '../../infra/db/schema';

/** Counters of the login throttle, keyed by text (see login-rate-limit.ts), in fixed windows. */
export function createLoginCountersRepository(db: Db) {
  return {
    /**
     * Counts one attempt and answers the count of the current window, in one statement: parallel
     * logins each get their own number (PostgreSQL locks the row for the upsert, SQLite writes one
     * at a time), so no two pass a limit together. A window that started at or before
     * `windowStart` is over: the count starts again at 1.
     */
    async increment(key: string, now: string, windowStart: string): Promise<number> {
      const expired = sql<boolean>`login_counters.window_started_at <= ${windowStart}`;
      const row = await db
        .insertInto('login_counters')
        .values({ key, attempts: 1, window_started_at: now })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            attempts: sql<number>`CASE WHEN ${expired} THEN 1 ELSE login_counters.attempts + 1 END`,
            window_started_at: sql<string>`CASE WHEN ${expired} THEN ${now} ELSE login_counters.window_started_at END`,
          }),
        )
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return row.attempts;
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_counters').where('key', '=', key).execute();
    },

    /** Drops counters whose window is over (they would start again at 1 anyway). */
    async deleteBefore(windowStart: string): Promise<void> {
      await db.deleteFrom('login_counters').where('window_started_at', '<=', windowStart).execute();
    },
  };
}

export type LoginCountersRepository = ReturnType<typeof createLoginCountersRepository>;
