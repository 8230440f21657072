import { authUserSchema, loginBodySchema, SESSION_COOKIE } from '@mdis/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../infra/auth/access-control';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '@mdis/shared';
import type { AuthService } from './auth.service';

const tags = ['auth'];

// The same token as an HttpOnly cookie, for what the browser opens by URL (see access-control.ts).
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, user: AuthUser): AuthUser {
  reply.setCookie(SESSION_COOKIE, user.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
  });
  return user;
}

/** Sign-in calls: `api/v1/auth`. */
export const authPlugin: FastifyPluginCallbackZod<{ auth: AuthService }> = (app, { auth }, done) => {
  app.post(
    '/login',
    { config: { access: 'public' }, schema: { tags, body: loginBodySchema, response: { 200: authUserSchema } } },
    async (request, reply) => setSessionCookie(request, reply, await auth.login(request.body, request.ip)),
  );

  app.post(
    '/login-default-user',
    { config: { access: 'public' }, schema: { tags, response: { 200: authUserSchema } } },
    async (request, reply) => setSessionCookie(request, reply, await auth.loginDefaultUser()),
  );

  // The answer carries the token, so only the header authenticates here, never the cookie:
  // script must not be able to turn the HttpOnly cookie into a readable token.
  app.get(
    '/refresh',
    { config: { access: 'user', cookieAuth: false }, schema: { tags, response: { 200: authUserSchema } } },
    (request) => auth.refresh(currentUser(request)),
  );

  app.post(
    '/logout',
    { config: { access: 'user' }, schema: { tags, response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(currentUser(request));
      return reply.clearCookie(SESSION_COOKIE, { path: '/' }).code(204).send(null);
    },
  );
  done();
};
