import type { BuildAppOptions } from './app';
import { createTokenService } from './infra/auth/token.service';
import { createTokensRepository } from './infra/auth/tokens.repository';
import type { Database } from './infra/db/database';
import { createAppConfigService } from './modules/app/app-config.service';
import { createAppConfigRepository, createUserConfigRepository } from './modules/app/config.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginAttemptsRepository } from './modules/auth/login-attempts.repository';
import { createLoginRateLimit, DEFAULT_LOGIN_RATE_LIMIT } from './modules/auth/login-rate-limit';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';

/** Wires repositories into services: the one place that knows the whole object graph. */
export function createServices({ db, dialect }: Database, options: BuildAppOptions) {
  const tokens = createTokenService(createTokensRepository(db));
  const usersRepository = createUsersRepository(db, dialect);
  const appConfig = createAppConfigService(createAppConfigRepository(db), createUserConfigRepository(db));
  const rateLimit = createLoginRateLimit(createLoginAttemptsRepository(db), {
    ...DEFAULT_LOGIN_RATE_LIMIT,
    ...options.loginRateLimit,
  });
  return {
    tokens,
    appConfig,
    auth: createAuthService({ users: usersRepository, tokens, rateLimit, appConfig }),
    users: createUsersService({ db, dialect, users: usersRepository, tokens }),
  };
}
