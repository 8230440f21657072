import { AppError, AUTH_MESSAGES } from '@mdis/shared';
import type { LoginAttemptsRepository } from './login-attempts.repository';

export interface LoginRateLimitOptions {
  /** Failed attempts allowed per (IP, username) within the window. */
  perUsername: number;
  /** Failed attempts allowed per IP, whatever the username, within the window. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimitOptions = { perUsername: 10, perIp: 50, windowMs: 60_000 };

/**
 * Failed logins are counted in the database, not in memory, so that every instance behind a
 * load balancer enforces the same limit. Successful logins do not count and clear the
 * (IP, username) record.
 */
export function createLoginRateLimit(
  attempts: LoginAttemptsRepository,
  options: LoginRateLimitOptions,
  now: () => Date = () => new Date(),
) {
  const windowStart = () => new Date(now().getTime() - options.windowMs).toISOString();
  const key = (username: string) => username.trim().toLowerCase();

  return {
    async assertAllowed(ip: string, username: string): Promise<void> {
      const { forIp, byUsername } = await attempts.countSince(ip, windowStart());
      if (forIp >= options.perIp || (byUsername.get(key(username)) ?? 0) >= options.perUsername) {
        throw new AppError('RATE_LIMITED', AUTH_MESSAGES.rateLimited);
      }
    },

    async recordFailure(ip: string, username: string): Promise<void> {
      await attempts.deleteBefore(windowStart());
      await attempts.record(ip, key(username), now().toISOString());
    },

    recordSuccess: (ip: string, username: string) => attempts.clear(ip, key(username)),
  };
}

export type LoginRateLimit = ReturnType<typeof createLoginRateLimit>;
