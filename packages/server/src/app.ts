import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import { registerTemplateScope } from './engine/templates/template-store';
import { registerAccessControl } from './infra/auth/access-control';
import { createDatabase, type Database } from './infra/db/database';
import { registerErrorHandler } from './infra/errors/error-handler';
import { registerNotFoundHandler } from './infra/errors/not-found-handler';
import { apiDocsPlugin, withDeepObjectQueries } from './infra/http/api-docs.plugin';
import { registerJsonBodyParser } from './infra/http/json-body';
import { registerSecurityHeaders } from './infra/http/security-headers';
import { healthPlugin } from './infra/http/health.plugin';
import { webAppPlugin } from './infra/http/web-app.plugin';
import { createIgsnFinder } from './modules/igsn/find-igsn';
import { appPlugin } from './modules/app/app.plugin';
import { formsMenu } from './modules/app/forms-menu';
import { authPlugin } from './modules/auth/auth.plugin';
import type { LoginRateLimitOptions } from './modules/auth/login-rate-limit';
import { listValuesPlugin } from './modules/list-values/list-values.plugin';
import { reportPagesPlugin, reportsApiPlugin } from './modules/reports/reports.plugin';
import { templateManagerPlugin } from './modules/template-manager/template-manager.plugin';
import { recordsPlugin } from './modules/records/records.plugin';
import { usersPlugin } from './modules/users/users.plugin';
import { widgetsPlugin } from './modules/widgets/widgets.plugin';
import { postsPlugin } from './modules/posts/posts.plugin';
import { messagesPlugin } from './modules/messages/messages.plugin';
import { accountPlugin } from './modules/account/account.plugin';
import { oauthPlugin } from './modules/account/oauth.plugin';
import { passwordRecoveryPlugin } from './modules/account/password-recovery.plugin';
import { syncMaintainedColumns } from './engine/schema-sync/maintained';
import { recoverUnfinishedImports } from './modules/import/unfinished-imports';
import { rewriteChangedMaintained } from './engine/schema-sync/maintained-refresh';
import { rebuildNullsLastIndexes } from './engine/schema-sync/nulls-first';
import { addShippedIndexes } from './seed/shipped-indexes';
import { createFileServices, createServices } from './services';
import { FIRST_LIST, WARM_UP_READER, warmUp } from './warm-up';
import { generatedDirOf } from './modules/template-manager/generator/code-generator';
import { createGeneratedHooks } from './modules/template-manager/generator/generated-hooks';
import { syncGeneratedFolder } from './modules/template-manager/generator/generated-sync';
import { spoolDirOf, storageConfigOf, uploadLimitsOf } from './config';
import { historyPlugin } from './modules/history/history.plugin';
import { offlinePlugin } from './modules/offline/offline.plugin';
import { importPlugin } from './modules/import/import.plugin';
import { registerAuditScope } from './infra/http/audit-scope';
import { createStorage } from './infra/storage/create-storage';
import type { FileStorage } from './infra/storage/file-storage';
import { filesContentPlugin } from './modules/files/files-content.plugin';
import { filesPlugin } from './modules/files/files.plugin';

export interface BuildAppOptions {
  /** An open database (tests, main.ts); without it the app opens one from config and closes it on close. */
  database?: Database;
  loginRateLimit?: Partial<LoginRateLimitOptions>;
  /** Where the built web app lives (default: config.webDistDir). */
  webDistDir?: string;
  /** Where uploaded files go (default: from config.storage, else `<dataDir>/files`). */
  storage?: FileStorage;
  /** Extra plugins registered after the API (tests use this). */
  plugins?: FastifyPluginAsync[];
  /** Read what a landing page asks first once, before the app is returned (main.ts; warm-up.ts). */
  warmUp?: boolean;
}

/**
 * The indexes an import set aside and did not build again (SQLite: the server stopped meanwhile),
 * the maintained columns on tables built before them (added, backfilled, indexed), and PostgreSQL
 * indexes built NULLS LAST by an older version rebuilt NULLS FIRST (schema-sync/nulls-first.ts).
 */
async function syncMaintainedOnStart(
  database: Database,
  services: ReturnType<typeof createServices>,
  log: FastifyBaseLogger,
) {
  if (database.dialect === 'sqlite') {
    const { indexes } = await recoverUnfinishedImports(database.db, log);
    if (indexes.length > 0) log.info({ indexes }, 'indexes an unfinished import set aside built again');
  }
  const added = await addShippedIndexes(database.db, database.dialect, services.templates);
  if (added.length > 0) log.info({ indexes: added }, 'shipped indexes added to stored templates');
  const models = await services.templates.listModels();
  await syncMaintainedColumns(database.db, database.dialect, services.behaviors, models);
  await rewriteChangedMaintained(database.db, database.dialect, services.behaviors, models, log);
  const rebuilt = await rebuildNullsLastIndexes(database.db, database.dialect, models);
  if (rebuilt.length > 0) log.info({ indexes: rebuilt }, 'indexes rebuilt NULLS FIRST');
}

/** app/forms for a user: the forms menu with specialised forms and what each table may sort and filter by. */
function formsMenuOf(services: ReturnType<typeof createServices>) {
  return (user: Parameters<typeof formsMenu>[1]) =>
    formsMenu(
      services.templates,
      user,
      services.templateManager.generator.hasCustomForm,
      services.records.columnAbilities,
    );
}

/** The whole HTTP application, ready to listen or to be called with `inject`. */
export async function buildApp(config: ServerConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? createDatabase(config.database);
  const app = Fastify({
    logger: { level: config.logLevel },
    // Behind a proxy `request.ip` must be the client's, for the login rate limit.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  if (!options.database) app.addHook('onClose', () => database.destroy());

  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app, database.dialect);
    registerNotFoundHandler(app);
    registerJsonBodyParser(app);

    const services = createServices(database, options, config, app.log);
    await useGeneratedCode(app, config, services);
    await syncMaintainedOnStart(database, services, app.log);
    // One template revision read per request (engine/templates/template-store.ts).
    registerTemplateScope(app);
    // First, so that refusals (401, 403) carry them too.
    registerSecurityHeaders(app);
    // Before any route: every route registered after this is checked for an access rule.
    registerAccessControl(app, services.tokens);
    // Before any route too: each request's writes are one batch in the record history.
    registerAuditScope(app);

    await app.register(fastifyCookie);
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'mDIS API', version: '1' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: withDeepObjectQueries,
    });

    await app.register(authPlugin, { prefix: '/api/v1/auth', auth: services.auth });
    await app.register(usersPlugin, { prefix: '/api/v1/users', users: services.users });
    await registerAccountAndDashboardPlugins(app, services);
    await app.register(listValuesPlugin, { prefix: '/api/v1/list-values', listValues: services.listValues });
    await app.register(widgetsPlugin, { prefix: '/api/v1/widgets', widgets: services.widgets });
    await app.register(appPlugin, {
      prefix: '/api/v1/app',
      appConfig: services.appConfig,
      dataDir: config.dataDir,
      formsMenu: formsMenuOf(services),
      findIgsn: createIgsnFinder({ db: database.db, templates: services.templates, records: services.records }),
      welcomeMessages: services.messages.forDay,
    });
    await app.register(templateManagerPlugin, { prefix: '/cg/api', templateManager: services.templateManager });
    // `form/reports` and `global/reports` are static paths: they win over the records plugin's `/:id`.
    await app.register(reportsApiPlugin, { prefix: '/api/v1', reports: services.reports });
    await app.register(historyPlugin, { prefix: '/api/v1', ...services.history });
    await app.register(offlinePlugin, { prefix: '/api/v1', ...services.offline });
    await app.register(importPlugin, {
      prefix: '/api/v1/import',
      imports: services.imports,
      limits: uploadLimitsOf(config),
    });
    await app.register(reportPagesPlugin, { prefix: '/report', reports: services.reports });
    await app.register(recordsPlugin, { prefix: '/api/v1/form', kind: 'form', records: services.records });
    await app.register(recordsPlugin, { prefix: '/api/v1/global', kind: 'global', records: services.records });
    await registerStoragePlugins(app, { config, database, services }, options.storage);
    for (const plugin of options.plugins ?? []) await app.register(plugin);

    await app.register(apiDocsPlugin);
    await app.register(webAppPlugin, { distDir: options.webDistDir ?? config.webDistDir });
    await app.ready();
    if (options.warmUp) await warmUpApp(app, services);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** What a landing page asks first, read once for itself before the server answers anyone (warm-up.ts). */
async function warmUpApp(app: FastifyInstance, services: ReturnType<typeof createServices>): Promise<void> {
  const started = performance.now();
  const { warmed, stopped } = await warmUp({
    // as a browser asks: the precompressed copy
    get: (url) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } }),
    forms: async () => (await services.templates.listForms()).map((form) => form.name),
    list: (form) => services.records.list(WARM_UP_READER, { kind: 'form', name: form }, FIRST_LIST),
  });
  const took = (performance.now() - started).toFixed(0);
  app.log.info(`warm-up: ${String(warmed.length)} form lists read in ${took} ms${stopped ? ', out of time' : ''}`);
}

/**
 * The files API, the file contents and the health check over one storage (from the options, else from
 * the configuration).
 */
async function registerStoragePlugins(
  app: FastifyInstance,
  {
    config,
    database,
    services,
  }: { config: ServerConfig; database: Database; services: ReturnType<typeof createServices> },
  given: FileStorage | undefined,
): Promise<void> {
  const storage = given ?? createStorage(storageConfigOf(config));
  await app.register(healthPlugin, { prefix: '/api/v1', db: database.db, storage });
  const files = createFileServices(database, services, storage, app.log);
  // Start-time work of the files (key migration, spool sweep) before the routes serve them.
  await files.start(spoolDirOf(config));
  await app.register(filesPlugin, { prefix: '/api/v1/file', ...files, limits: uploadLimitsOf(config) });
  await app.register(filesContentPlugin, { content: files.content });
}

/**
 * The code generator's files live in the database. This instance's folder is the developer's copy:
 * new or edited files there are imported, missing or outdated ones refreshed (generated-sync.ts).
 * The generated models' own rules (hook modules) then follow the template revision.
 */
async function useGeneratedCode(
  app: FastifyInstance,
  config: ServerConfig,
  services: ReturnType<typeof createServices>,
): Promise<void> {
  await syncGeneratedFolder(generatedDirOf(config.dataDir, config.generatedDir), services.generatedFiles, app.log);
  services.behaviors.addSource(createGeneratedHooks(services.generatedFiles, services.templates, app.log));
}

/** Own account, password recovery, OAuth2 login, posts and messages of the day. */
async function registerAccountAndDashboardPlugins(
  app: FastifyInstance,
  services: ReturnType<typeof createServices>,
): Promise<void> {
  await app.register(oauthPlugin, { prefix: '/api/v1/auth', oauth: services.oauth });
  // The recovery calls are known under both prefixes (spec 2 §7 lists them with the account calls).
  await app.register(passwordRecoveryPlugin, { prefix: '/api/v1/auth', recovery: services.recovery });
  await app.register(passwordRecoveryPlugin, { prefix: '/api/v1/account', recovery: services.recovery });
  await app.register(accountPlugin, { prefix: '/api/v1/account', account: services.account });
  await app.register(postsPlugin, { prefix: '/api/v1/posts', posts: services.posts });
  await app.register(messagesPlugin, { prefix: '/api/v1/messages', messages: services.messages });
}
