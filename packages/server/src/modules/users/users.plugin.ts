import { listSchema, pageQuerySchema, userCreateSchema, userSchema, userUpdateSchema } from '@mdis/shared';
import { currentUser } from '../../infra/auth/access-control';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsersService } from './users.service';

const admin = { access: { role: 'administrator' } } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['users'];

/** User management, administrators only: `api/v1/users`. */
export const usersPlugin: FastifyPluginCallbackZod<{ users: UsersService }> = (app, { users }, done) => {
  app.get(
    '/',
    { config: admin, schema: { tags, querystring: pageQuerySchema, response: { 200: listSchema(userSchema) } } },
    (request) => users.list(request.query),
  );

  app.post(
    '/',
    { config: admin, schema: { tags, body: userCreateSchema, response: { 201: userSchema } } },
    async (request, reply) => reply.code(201).send(await users.create(request.body)),
  );

  app.get('/:id', { config: admin, schema: { tags, params: idParams, response: { 200: userSchema } } }, (request) =>
    users.get(request.params.id),
  );

  app.put(
    '/:id',
    { config: admin, schema: { tags, params: idParams, body: userUpdateSchema, response: { 200: userSchema } } },
    (request) => users.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config: admin, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await users.delete(request.params.id, currentUser(request).id);
      return reply.code(204).send(null);
    },
  );
  done();
};
