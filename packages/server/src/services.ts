import type { BuildAppOptions } from './app';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import { createSmtpMailer } from './infra/mail/mailer';
import { createAccountService } from './modules/account/account.service';
import { createOAuthService } from './modules/account/oauth.service';
import { createPasswordRecoveryRepository } from './modules/account/password-recovery.repository';
import { createPasswordRecoveryService } from './modules/account/password-recovery.service';
import { createTokenService } from './infra/auth/token.service';
import { createTokensRepository } from './infra/auth/tokens.repository';
import { createBehaviorRegistry } from './engine/behaviors/behavior-registry';
import { createHistoryRepository } from './modules/history/history.repository';
import { createHistoryService } from './modules/history/history.service';
import { createRecordsService, type RecordsService } from './engine/records/records.service';
import { asDynamic } from './engine/records/dynamic-db';
import { createImportRepository } from './modules/import/import.repository';
import { createImportService } from './modules/import/import.service';
import { tableExists } from './engine/schema-sync';
import { createTemplateStore } from './engine/templates/template-store';
import type { Database } from './infra/db/database';
import { registerBehaviors } from './register-behaviors';
import { createAppConfigService } from './modules/app/app-config.service';
import { createAppConfigRepository, createUserConfigRepository } from './modules/app/config.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginCountersRepository } from './modules/auth/login-counters.repository';
import { createLoginRateLimit, DEFAULT_LOGIN_RATE_LIMIT } from './modules/auth/login-rate-limit';
import { createListValuesRepository } from './modules/list-values/list-values.repository';
import { createListValuesService, type ListValuesService } from './modules/list-values/list-values.service';
import { canAutoPrint } from './modules/reports/report-registry';
import { createReportsService } from './modules/reports/reports.service';
import { createSampleSeriesRepository } from './modules/reports/sample-series/sample-series.repository';
import { generatedDirOf } from './modules/template-manager/generator/code-generator';
import { createGeneratedFilesRepository } from './modules/template-manager/generator/generated-files.repository';
import { createTemplateManagerService } from './modules/template-manager/template-manager.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { createWidgetsService } from './modules/widgets/widgets.service';
import type { FileStorage } from './infra/storage/file-storage';
import { createAutoPrintImages } from './modules/files/auto-print-images';
import { createFileContent } from './modules/files/file-content';
import { createFileTypes } from './modules/files/file-keys';
import { migrateFileKeys } from './modules/files/file-key-migration';
import { registerFileStorageBehavior } from './modules/files/file-storage-behavior';
import { sweepAbandoned } from './infra/storage/leftovers';
import { createFileParents } from './modules/files/file-parents';
import { createFilesRepository } from './modules/files/files.repository';
import { createFilesService } from './modules/files/files.service';
import { createUploadOnce } from './modules/files/upload-once';
import { createPostsRepository } from './modules/posts/posts.repository';
import { createPostsService } from './modules/posts/posts.service';
import { createMessagesRepository } from './modules/messages/messages.repository';
import { createMessagesService } from './modules/messages/messages.service';
import { createOfflineScopeService } from './modules/offline/offline-scope.service';
import { createSyncService } from './modules/offline/sync.service';

/** Wires repositories into services: the one place that knows the whole object graph. */
export function createServices(
  database: Database,
  options: BuildAppOptions,
  config: ServerConfig,
  log: FastifyBaseLogger,
) {
  const { db, dialect } = database;
  const tokens = createTokenService(createTokensRepository(db));
  const templates = createTemplateStore(db);
  const usersRepository = createUsersRepository(db, dialect);
  // What the server itself decides: e-mails need SMTP, the OAuth2 button a provider.
  const serverFacts = { CanSendEmails: config.mail !== undefined, UseOAuth2: config.oauth2 !== undefined };
  const appConfig = createAppConfigService(
    createAppConfigRepository(db),
    createUserConfigRepository(db),
    serverFacts,
    async (username) => (await usersRepository.findByUsername(username)) !== undefined,
  );
  const rateLimit = createLoginRateLimit(createLoginCountersRepository(db), {
    ...DEFAULT_LOGIN_RATE_LIMIT,
    ...options.loginRateLimit,
  });
  const records = recordsServices(db, dialect, templates);
  const generatedFiles = createGeneratedFilesRepository(db);
  const listValues = createListValuesService({ db, lists: createListValuesRepository(db, dialect) });
  return {
    tokens,
    templates,
    generatedFiles,
    templateManager: createTemplateManagerService({
      templates,
      tableExists: (t) => tableExists(db, dialect, t),
      behaviors: records.behaviors,
      db,
      dialect,
      generatedFiles,
      generatedDir: generatedDirOf(config.dataDir, config.generatedDir),
    }),
    appConfig,
    auth: createAuthService({ users: usersRepository, tokens, rateLimit, appConfig }),
    users: createUsersService({ db, dialect, users: usersRepository, tokens }),
    listValues,
    reports: createReportsService({
      records: records.records,
      templates,
      listValues,
      appConfig,
      sampleSeries: createSampleSeriesRepository(db),
    }),
    widgets: createWidgetsService({ db, records: records.records, templates }),
    imports: importService(database, templates, records.records),
    // The history plugin's options: the service, and the retention it runs while the app is up.
    history: {
      history: createHistoryService({
        repository: createHistoryRepository(db, dialect),
        templates,
        records: records.records,
      }),
      retention: { db, keepDays: config.historyKeepDays },
    },
    offline: offlineServices(db, dialect, { records: records.records, templates, listValues }),
    posts: createPostsService(createPostsRepository(db)),
    messages: createMessagesService(db, createMessagesRepository(db)),
    ...accountServices({ db, dialect, users: usersRepository, tokens, appConfig, config, log }),
    ...records,
  };
}

/** Offline work (issue 22): the replay of queued operations and the scope a client keeps offline. */
function offlineServices(
  db: Database['db'],
  dialect: Database['dialect'],
  services: {
    records: RecordsService;
    templates: ReturnType<typeof createTemplateStore>;
    listValues: ListValuesService;
  },
) {
  return {
    sync: createSyncService({ ...services, dialect }),
    scope: createOfflineScopeService({ db, ...services }),
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

/** Imports (issue 20) through a records engine's importer. */
function importService(
  { db, dialect, analyzer }: Pick<Database, 'db' | 'dialect' | 'analyzer'>,
  templates: ReturnType<typeof createTemplateStore>,
  records: RecordsService,
) {
  return createImportService({
    importer: records.importer,
    repository: createImportRepository(db, asDynamic(db), dialect),
    templates,
    ...(analyzer ? { afterCommit: () => analyzer.request() } : {}),
  });
}

/**
 * What `npm run import` needs, without an app: the import over its own records engine with every
 * behavior the app registers, the file storage's too (the archive files' form refuses what the
 * API refuses), and the users.
 */
export function createImportCommandServices(
  database: Pick<Database, 'db' | 'dialect'>,
  storage: FileStorage,
  log: Parameters<typeof registerFileStorageBehavior>[2],
) {
  const { db, dialect } = database;
  const templates = createTemplateStore(db);
  const { records, behaviors } = recordsServices(db, dialect, templates);
  registerFileStorageBehavior(behaviors, storage, log);
  return { imports: importService(database, templates, records), users: createUsersRepository(db, dialect) };
}

/** The files module over a storage (local folder or S3, chosen by configuration in app.ts). */
export function createFileServices(
  { db, dialect }: Pick<Database, 'db' | 'dialect'>,
  services: Pick<ReturnType<typeof createServices>, 'records' | 'templates' | 'listValues' | 'behaviors'>,
  storage: FileStorage,
  log: FastifyBaseLogger,
) {
  const { records, templates } = services;
  const repository = createFilesRepository(db, templates, dialect);
  const types = createFileTypes(services.listValues);
  const parents = createFileParents(records);
  // Needs the storage, so registered here rather than with the others (register-behaviors.ts).
  registerFileStorageBehavior(services.behaviors, storage, log);
  return {
    files: createFilesService({ records, storage, repository, types, parents }),
    content: createFileContent({ records, storage, repository }),
    autoPrint: createAutoPrintImages({ storage, reports: { canAutoPrint } }),
    uploadOnce: createUploadOnce(db),
    parents,
    records,
    /**
     * At start: existing installations' bytes move to keys by id (once; file-key-migration.ts),
     * and what a killed process left in the spool goes (leftovers.ts says what is safe to remove).
     */
    start: async (spoolRoot: string) => {
      await migrateFileKeys({ db, templates, storage, types, log });
      await sweepAbandoned(spoolRoot, () => true);
    },
  };
}

/** The own account, password recovery by e-mail and the OAuth2 login. */
function accountServices(deps: {
  db: Database['db'];
  dialect: Database['dialect'];
  users: ReturnType<typeof createUsersRepository>;
  tokens: ReturnType<typeof createTokenService>;
  appConfig: ReturnType<typeof createAppConfigService>;
  config: ServerConfig;
  log: FastifyBaseLogger;
}) {
  const { db, dialect, users, tokens, appConfig, config, log } = deps;
  return {
    account: createAccountService({ db, dialect, users, appConfig }),
    recovery: createPasswordRecoveryService({
      users,
      recoveries: createPasswordRecoveryRepository(db),
      tokens,
      appConfig,
      mailer: config.mail ? createSmtpMailer(config.mail) : undefined,
      publicUrl: config.publicUrl ?? `http://${config.host}:${String(config.port)}/`,
      log,
    }),
    oauth: createOAuthService({
      config: config.oauth2,
      users,
      tokens,
      logError: (error, message) => {
        log.warn({ err: error }, message);
      },
    }),
  };
}
