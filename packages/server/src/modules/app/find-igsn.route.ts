import { igsnMatchSchema, type IgsnMatch, type PermissionHolder } from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';

type AppInstance = Parameters<FastifyPluginCallbackZod>[0];

export type FindIgsn = (user: PermissionHolder, igsn: string) => Promise<IgsnMatch[]>;

/**
 * `GET app/find-igsn/{igsn}` (the lookup screen and the code scanner). Any signed-in user: the
 * answer holds only records of models the user may view; the lookup is modules/igsn/find-igsn.ts.
 */
export function registerFindIgsnRoute(app: AppInstance, findIgsn: FindIgsn): void {
  app.get(
    '/find-igsn/:igsn',
    {
      config: { access: 'user' },
      schema: {
        tags: ['app'],
        params: z.object({ igsn: z.string().min(1).max(200) }),
        response: { 200: z.array(igsnMatchSchema) },
      },
    },
    (request) => findIgsn(currentUser(request), request.params.igsn),
  );
}
