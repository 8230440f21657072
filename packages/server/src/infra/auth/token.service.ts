import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_TTL_MS } from '@mdis/shared';
import type { UserRow } from '../db/schema';
import type { TokensRepository } from './tokens.repository';

/** Sliding expiry is extended at most this often, so that busy clients do not write on every call. */
export const TOKEN_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A valid token's user, and the template store's revision read in the same query. */
export interface VerifiedSession {
  user: UserRow;
  templateRevision: number | undefined;
}

export interface TokenServiceOptions {
  now?: () => Date;
}

/**
 * Opaque bearer tokens: 32 random bytes (base64url) handed to the client once; only their
 * SHA-256 is stored. A token expires TOKEN_TTL_MS after its last use.
 */
export function createTokenService(tokens: TokensRepository, options: TokenServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const expiryFrom = (date: Date) => new Date(date.getTime() + TOKEN_TTL_MS).toISOString();

  /** The active user the token belongs to, or undefined when it is unknown, expired or revoked. */
  async function verifySession(token: string): Promise<VerifiedSession | undefined> {
    const at = now();
    const found = await tokens.findValid(hashToken(token), at.toISOString());
    if (!found) return undefined;
    if (at.getTime() - Date.parse(found.token.last_used_at) >= TOKEN_TOUCH_INTERVAL_MS) {
      await tokens.touch(found.token.token_hash, at.toISOString(), expiryFrom(at));
    }
    return { user: found.user, templateRevision: found.templateRevision };
  }

  return {
    async issue(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await tokens.deleteExpired(at.toISOString());
      await tokens.insert({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: at.toISOString(),
        last_used_at: at.toISOString(),
        expires_at: expiryFrom(at),
      });
      return token;
    },

    verifySession,
    /** The active user the token belongs to, or undefined when it is unknown, expired or revoked. */
    verify: async (token: string): Promise<UserRow | undefined> => (await verifySession(token))?.user,

    revoke: (token: string) => tokens.delete(hashToken(token)),
    revokeAllOf: (userId: number) => tokens.deleteForUser(userId),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
