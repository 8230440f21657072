import { FACET_SEARCH_KEY, type PermissionHolder, formsByModuleSchema } from '@mdis/shared';
import type { FastifyReply } from 'fastify';
import { currentUser } from '../../infra/auth/access-control';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfigService } from './app-config.service';
import { readCustomStylesheet } from './custom-stylesheet';
import { type FindIgsn, registerFindIgsnRoute } from './find-igsn.route';
import type { FormsByModule } from './forms-menu';
import { registerWelcomeMessagesRoute, type WelcomeMessages } from './welcome-messages.route';

interface AppPluginOptions {
  appConfig: AppConfigService;
  dataDir: string;
  /** The forms menu of a user (built from the form templates). */
  formsMenu: (user: PermissionHolder) => Promise<FormsByModule>;
  /** The records an IGSN was issued for, among those the user may view (modules/igsn/find-igsn.ts). */
  findIgsn: FindIgsn;
  /** The messages of the day of one date (modules/messages). */
  welcomeMessages: WelcomeMessages;
}

const configObject = z.record(z.string(), z.unknown());
const nameParams = z.object({ name: z.string().min(1) });
const tags = ['app'];
const anyone = { access: 'public' } as const;
const signedIn = { access: 'user' } as const;
const developerOnly = { access: { role: 'developer' } } as const;

// A config value may be a bare string, which Fastify would otherwise send as text/plain.
function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value ?? null));
}

/** Application calls: `api/v1/app`. */
export const appPlugin: FastifyPluginCallbackZod<AppPluginOptions> = (
  app,
  { appConfig, dataDir, formsMenu, findIgsn, welcomeMessages },
  done,
) => {
  app.get('/config', { config: anyone, schema: { tags, response: { 200: configObject } } }, () =>
    appConfig.published(),
  );

  app.get('/config/:name', { config: anyone, schema: { tags, params: nameParams } }, async (request, reply) =>
    sendJson(reply, await appConfig.getPublished(request.params.name)),
  );

  // The settings screen's read: every key with its default, the unpublished (IGSN) ones included.
  app.get('/settings', { config: developerOnly, schema: { tags, response: { 200: configObject } } }, appConfig.all);

  app.post(
    '/config',
    {
      config: developerOnly,
      schema: { tags, body: configObject, response: { 200: configObject } },
    },
    (request) => appConfig.update(request.body),
  );

  app.get('/user-config', { config: signedIn, schema: { tags, response: { 200: configObject } } }, (request) =>
    appConfig.allForUser(currentUser(request).id),
  );

  app.get('/user-config/:name', { config: signedIn, schema: { tags, params: nameParams } }, async (request, reply) =>
    sendJson(reply, await appConfig.getForUser(currentUser(request).id, request.params.name)),
  );

  app.post(
    '/user-config',
    { config: signedIn, schema: { tags, body: configObject, response: { 200: configObject } } },
    (request) => appConfig.updateForUser(currentUser(request).id, request.body),
  );

  // The forms the user may view, grouped by module: `{ Project: [{ key, label, dataModel, module }] }`.
  app.get('/forms', { config: signedIn, schema: { tags, response: { 200: formsByModuleSchema } } }, (request) =>
    formsMenu(currentUser(request)),
  );

  registerFindIgsnRoute(app, findIgsn);

  registerWelcomeMessagesRoute(app, welcomeMessages);

  app.post(
    '/set-facet-values',
    {
      config: signedIn,
      schema: {
        tags,
        body: z.object({ facetSearch: z.unknown() }),
        response: { 200: z.object({ facetSearch: z.unknown() }) },
      },
    },
    async (request) => {
      const facetSearch = request.body.facetSearch ?? null;
      await appConfig.setForUser(currentUser(request).id, FACET_SEARCH_KEY, facetSearch);
      return { facetSearch };
    },
  );

  app.get('/custom-stylesheet', { config: anyone, schema: { tags } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(await readCustomStylesheet(appConfig, dataDir)),
  );
  done();
};
