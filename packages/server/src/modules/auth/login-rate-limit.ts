import { AppError, AUTH_MESSAGES } from '@mdis/shared';
import type { LoginCountersRepository } from './login-counters.repository';

export interface LoginRateLimitOptions {
  /** Password checks allowed per (IP, account) within the window. */
  perUsername: number;
  /** Failed logins per IP, whatever the account, within the window before failures answer 429. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimitOptions = { perUsername: 10, perIp: 50, windowMs: 60_000 };

const rateLimited = () => new AppError('RATE_LIMITED', AUTH_MESSAGES.rateLimited);

/**
 * The login throttle (issue 16). Counted in the database, not in memory, so that every instance
 * behind a load balancer enforces the same limit; each count is one atomic statement.
 *
 * - Per (IP, account): a password check takes a slot before it runs, so however many logins
 *   arrive at once, at most `perUsername` passwords of an account are checked per window and
 *   address. The account is the one the name resolves to, username or e-mail alike; a name that
 *   is no account counts under itself. A successful login frees the slots.
 * - Per IP: failures are counted; past `perIp` a failure answers 429 instead of 422. A right
 *   password still signs in: many users may share one address (a drilling platform's uplink),
 *   and one user's (or an attacker's) failures must not lock the others out.
 */
export function createLoginRateLimit(
  counters: LoginCountersRepository,
  options: LoginRateLimitOptions,
  now: () => Date = () => new Date(),
) {
  const windowStart = () => new Date(now().getTime() - options.windowMs).toISOString();
  const accountKey = (ip: string, account: string) => JSON.stringify(['account', ip, account]);
  const count = (key: string) => counters.increment(key, now().toISOString(), windowStart());

  return {
    /** Takes a password-check slot of the account for this address; 429 when none is left. */
    async takeSlot(ip: string, account: string): Promise<void> {
      if ((await count(accountKey(ip, account))) > options.perUsername) throw rateLimited();
    },

    /** Counts a failure of this address; the error to answer with (429 once the address is over its limit). */
    async recordFailure(ip: string, failure: AppError): Promise<AppError> {
      await counters.deleteBefore(windowStart());
      return (await count(JSON.stringify(['ip', ip]))) > options.perIp ? rateLimited() : failure;
    },

    recordSuccess: (ip: string, account: string) => counters.clear(accountKey(ip, account)),
  };
}

export type LoginRateLimit = ReturnType<typeof createLoginRateLimit>;
