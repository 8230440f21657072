import { sql } from 'kysely';
import { preparedQuery } from '../db/prepared-query';
import { type Db, USER_COLUMNS, type UserRow } from '../db/schema';

export interface TokenRecord {
  token_hash: string;
  user_id: number;
  expires_at: string;
  last_used_at: string;
}

const QUALIFIED_USER_COLUMNS = USER_COLUMNS.map((column) => `users.${column}` as const);

export function createTokensRepository(db: Db) {
  // Every authenticated request runs it: built and compiled once (prepared-query.ts).
  const findValidRow = preparedQuery(db, (tokenHash: string, now: string) =>
    db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select([
        'auth_tokens.token_hash',
        'auth_tokens.user_id',
        'auth_tokens.expires_at',
        'auth_tokens.last_used_at',
        ...QUALIFIED_USER_COLUMNS,
        // The store's single counter row (template-store.ts): the request's template lookups reuse it.
        sql<number | string | null>`(SELECT revision FROM template_revision WHERE id = 1)`.as('template_revision'),
      ])
      .where('auth_tokens.token_hash', '=', tokenHash)
      .where('auth_tokens.expires_at', '>', now)
      .where('users.active', '=', 1),
  );
  return {
    async insert(token: TokenRecord & { created_at: string }): Promise<void> {
      await db
        .insertInto('auth_tokens')
        .values({
          token_hash: token.token_hash,
          user_id: token.user_id,
          created_at: token.created_at,
          expires_at: token.expires_at,
          last_used_at: token.last_used_at,
        })
        .execute();
    },

    /**
     * The unexpired token and its active user, and the template store's revision: every
     * authenticated request needs both, and on PostgreSQL one round trip is cheaper than two.
     */
    async findValid(
      tokenHash: string,
      now: string,
    ): Promise<{ token: TokenRecord; user: UserRow; templateRevision: number | undefined } | undefined> {
      const row = (await findValidRow(tokenHash, now)).at(0);
      if (!row) return undefined;
      const { token_hash, user_id, expires_at, last_used_at, template_revision, ...user } = row;
      const templateRevision = template_revision === null ? undefined : Number(template_revision);
      return { token: { token_hash, user_id, expires_at, last_used_at }, user, templateRevision };
    },

    async touch(tokenHash: string, lastUsedAt: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ last_used_at: lastUsedAt, expires_at: expiresAt })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).execute();
    },

    async deleteForUser(userId: number): Promise<void> {
      await db.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
    },

    async deleteExpired(now: string): Promise<void> {
      await db.deleteFrom('auth_tokens').where('expires_at', '<=', now).execute();
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
