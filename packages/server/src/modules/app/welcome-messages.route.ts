import { type Message, messageSchema, welcomeMessagesQuerySchema } from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';

type AppInstance = Parameters<FastifyPluginCallbackZod>[0];

export type WelcomeMessages = (user: AuthenticatedUser, date: string) => Promise<Message[]>;

/**
 * `GET app/get-messages?date=`: the Welcome dialog's messages of the day (modules/messages). The
 * browser sends its own date, because "today" depends on where the user is; default: today in UTC.
 */
export function registerWelcomeMessagesRoute(app: AppInstance, welcomeMessages: WelcomeMessages): void {
  app.get(
    '/get-messages',
    {
      config: { access: 'user' },
      schema: { tags: ['app'], querystring: welcomeMessagesQuerySchema, response: { 200: z.array(messageSchema) } },
    },
    (request) => welcomeMessages(currentUser(request), request.query.date ?? new Date().toISOString().slice(0, 10)),
  );
}
