import type { Db } from '../../infra/db/schema';

export function createLoginAttemptsRepository(db: Db) {
  return {
    async countSince(ip: string, since: string): Promise<{ forIp: number; byUsername: Map<string, number> }> {
      const rows = await db
        .selectFrom('login_attempts')
        .select(['username', (eb) => eb.fn.countAll().as('attempts')])
        .where('ip', '=', ip)
        .where('attempted_at', '>', since)
        .groupBy('username')
        .execute();
      // pg answers count(*) as a string (bigint).
      const byUsername = new Map(rows.map((row) => [row.username, Number(row.attempts)]));
      const forIp = [...byUsername.values()].reduce((sum, n) => sum + n, 0);
      return { forIp, byUsername };
    },

    async record(ip: string, username: string, at: string): Promise<void> {
      await db.insertInto('login_attempts').values({ ip, username, attempted_at: at }).execute();
    },

    async clear(ip: string, username: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('ip', '=', ip).where('username', '=', username).execute();
    },

    async deleteBefore(before: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('attempted_at', '<=', before).execute();
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
