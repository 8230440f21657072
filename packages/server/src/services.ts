import type { BuildAppOptions } from './app';
import { createTokenService } from './infra/auth/token.service';
import { createTokensRepository } from './infra/auth/tokens.repository';
import { createBehaviorRegistry } from './engine/behaviors/behavior-registry';
import { createRecordsService } from './engine/records/records.service';
import { tableExists } from './engine/schema-sync';
import { createTemplateStore } from './engine/templates/template-store';
import type { Database } from './infra/db/database';
import { registerBehaviors } from './register-behaviors';
import { createAppConfigService } from './modules/app/app-config.service';
import { createAppConfigRepository, createUserConfigRepository } from './modules/app/config.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginAttemptsRepository } from './modules/auth/login-attempts.repository';
import { createLoginRateLimit, DEFAULT_LOGIN_RATE_LIMIT } from './modules/auth/login-rate-limit';
import { createListValuesRepository } from './modules/list-values/list-values.repository';
import { createListValuesService } from './modules/list-values/list-values.service';
import { createTemplateManagerService } from './modules/template-manager/template-manager.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { createWidgetsService } from './modules/widgets/widgets.service';

/** Wires repositories into services: the one place that knows the whole object graph. */
export function createServices({ db, dialect }: Database, options: BuildAppOptions) {
  const tokens = createTokenService(createTokensRepository(db));
  const templates = createTemplateStore(db);
  const usersRepository = createUsersRepository(db, dialect);
  const appConfig = createAppConfigService(createAppConfigRepository(db), createUserConfigRepository(db));
  const rateLimit = createLoginRateLimit(createLoginAttemptsRepository(db), {
    ...DEFAULT_LOGIN_RATE_LIMIT,
    ...options.loginRateLimit,
  });
  const records = recordsServices(db, dialect, templates);
  return {
    tokens,
    templates,
    templateManager: createTemplateManagerService({
      templates,
      tableExists: (t) => tableExists(db, dialect, t),
      behaviors: records.behaviors,
    }),
    appConfig,
    auth: createAuthService({ users: usersRepository, tokens, rateLimit, appConfig }),
    users: createUsersService({ db, dialect, users: usersRepository, tokens }),
    listValues: createListValuesService({ db, lists: createListValuesRepository(db, dialect) }),
    widgets: createWidgetsService({ db, records: records.records, templates }),
    ...records,
  };
}

/** The record engine, with the behavior registry that domain modules register their hooks in. */
function recordsServices(
  db: Database['db'],
  dialect: Database['dialect'],
  templates: ReturnType<typeof createTemplateStore>,
) {
  const behaviors = createBehaviorRegistry();
  registerBehaviors(behaviors);
  return { behaviors, records: createRecordsService({ db, dialect, templates, behaviors }) };
}
