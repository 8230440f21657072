import { accountProfileSchema, authUserSchema, changePasswordSchema, messageAnswerSchema } from '@mdis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../infra/auth/access-control';
import type { AccountService } from './account.service';

const tags = ['account'];
const signedIn = { access: 'user' } as const;

/** The signed-in user's own account: `api/v1/account`. */
export const accountPlugin: FastifyPluginCallbackZod<{ account: AccountService }> = (app, { account }, done) => {
  // Right after the access check, before the body is validated: authorization comes first.
  const mayChange = { onRequest: (request: FastifyRequest) => account.assertMayChangeAccount(currentUser(request)) };
  app.put(
    '/',
    { config: signedIn, ...mayChange, schema: { tags, body: accountProfileSchema, response: { 200: authUserSchema } } },
    (request) => account.updateProfile(currentUser(request), request.body),
  );
  app.post(
    '/change-password',
    {
      config: signedIn,
      ...mayChange,
      schema: { tags, body: changePasswordSchema, response: { 200: messageAnswerSchema } },
    },
    (request) => account.changePassword(currentUser(request), request.body),
  );
  done();
};
