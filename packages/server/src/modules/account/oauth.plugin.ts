import { authUserSchema, oauthCallbackSchema, oauthConfigSchema } from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { setSessionCookie } from '../auth/auth.plugin';
import type { OAuthService } from './oauth.service';

const tags = ['auth'];
const anyone = { access: 'public' } as const;

/** OAuth2 login calls under `api/v1/auth`. */
export const oauthPlugin: FastifyPluginCallbackZod<{ oauth: OAuthService }> = (app, { oauth }, done) => {
  app.post('/get-o-auth-2-config', { config: anyone, schema: { tags, response: { 200: oauthConfigSchema } } }, () =>
    oauth.getConfig(),
  );
  app.post(
    '/handle-successful-o-auth',
    { config: anyone, schema: { tags, body: oauthCallbackSchema, response: { 200: authUserSchema } } },
    async (request, reply) => setSessionCookie(request, reply, await oauth.handleCallback(request.body)),
  );
  done();
};
