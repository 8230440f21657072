import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
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
import { apiDocsPlugin } from './infra/http/api-docs.plugin';
import { registerJsonBodyParser } from './infra/http/json-body';
import { CONTENT_SECURITY_POLICY } from './infra/http/security-headers';
import { webAppPlugin } from './infra/http/web-app.plugin';
import { createIgsnFinder } from './engine/igsn/find-igsn';
import { appPlugin } from './modules/app/app.plugin';
import { formsMenu } from './modules/app/forms-menu';
import { authPlugin } from './modules/auth/auth.plugin';
import type { LoginRateLimitOptions } from './modules/auth/login-rate-limit';
import { listValuesPlugin } from './modules/list-values/list-values.plugin';
import { templateManagerPlugin } from './modules/template-manager/template-manager.plugin';
import { recordsPlugin } from './modules/records/records.plugin';
import { usersPlugin } from './modules/users/users.plugin';
import { widgetsPlugin } from './modules/widgets/widgets.plugin';
import { createServices } from './services';

export interface BuildAppOptions {
  /** An open database (tests, main.ts); without it the app opens one from config and closes it on close. */
  database?: Database;
  loginRateLimit?: Partial<LoginRateLimitOptions>;
  /** Where the built web app lives (default: config.webDistDir). */
  webDistDir?: string;
  /** Extra plugins registered after the API (tests use this). */
  plugins?: FastifyPluginAsync[];
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

    const services = createServices(database, options);
    // One template revision read per request (engine/templates/template-store.ts).
    registerTemplateScope(app);
    // Before any route: every route registered after this is checked for an access rule.
    registerAccessControl(app, services.tokens);

    await app.register(fastifyHelmet, { contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY } });
    await app.register(fastifyCookie);
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'mDIS API', version: '1' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });

    await app.register(authPlugin, { prefix: '/api/v1/auth', auth: services.auth });
    await app.register(usersPlugin, { prefix: '/api/v1/users', users: services.users });
    await app.register(listValuesPlugin, { prefix: '/api/v1/list-values', listValues: services.listValues });
    await app.register(widgetsPlugin, { prefix: '/api/v1/widgets', widgets: services.widgets });
    await app.register(appPlugin, {
      prefix: '/api/v1/app',
      appConfig: services.appConfig,
      dataDir: config.dataDir,
      formsMenu: (user) => formsMenu(services.templates, user),
      findIgsn: createIgsnFinder({ db: database.db, templates: services.templates, records: services.records }),
    });
    await app.register(templateManagerPlugin, { prefix: '/cg/api', templateManager: services.templateManager });
    await app.register(recordsPlugin, { prefix: '/api/v1/form', kind: 'form', records: services.records });
    await app.register(recordsPlugin, { prefix: '/api/v1/global', kind: 'global', records: services.records });
    for (const plugin of options.plugins ?? []) await app.register(plugin);

    await app.register(apiDocsPlugin);
    await app.register(webAppPlugin, { distDir: options.webDistDir ?? config.webDistDir });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
