import type { Selectable } from 'kysely';
import type { Db, PasswordRecoveriesTable } from '../../infra/db/schema';

export type RecoveryRow = Selectable<PasswordRecoveriesTable>;

export function createPasswordRecoveryRepository(db: Db) {
  return {
    find: (userId: number): Promise<RecoveryRow | undefined> =>
      db
        .selectFrom('password_recoveries')
        .select(['user_id', 'code_hash', 'sent_at', 'expires_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** One pending recovery per user: a new request replaces the old one. */
    async save(row: RecoveryRow): Promise<void> {
      await db
        .insertInto('password_recoveries')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ code_hash: row.code_hash, sent_at: row.sent_at, expires_at: row.expires_at }),
        )
        .execute();
    },

    /** Uses the code up; false when another request used it first. */
    async consume(userId: number, codeHash: string, trx: Db = db): Promise<boolean> {
      const result = await trx
        .deleteFrom('password_recoveries')
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async delete(userId: number): Promise<void> {
      await db.deleteFrom('password_recoveries').where('user_id', '=', userId).execute();
    },
  };
}

export type PasswordRecoveryRepository = ReturnType<typeof createPasswordRecoveryRepository>;
