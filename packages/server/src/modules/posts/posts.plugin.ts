import { listSchema, postBodySchema, postListQuerySchema, postSchema } from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import { authorFirst, refuseReadOnly } from '../../infra/auth/authorship';
import type { PostsService } from './posts.service';

const tags = ['posts'];
// Every signed-in user reads and writes posts; who may change which post is the service's rule.
const signedIn = { access: 'user' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const write = { config: signedIn, onRequest: refuseReadOnly };

/** Dashboard posts: `api/v1/posts`. */
export const postsPlugin: FastifyPluginCallbackZod<{ posts: PostsService }> = (app, { posts }, done) => {
  const change = { ...write, preValidation: authorFirst((actor, id) => posts.assertMayChange(actor, id)) };
  app.get(
    '/',
    { config: signedIn, schema: { tags, querystring: postListQuerySchema, response: { 200: listSchema(postSchema) } } },
    (request) => posts.list(currentUser(request), request.query),
  );
  app.get('/:id', { config: signedIn, schema: { tags, params: idParams, response: { 200: postSchema } } }, (request) =>
    posts.get(currentUser(request), request.params.id),
  );
  app.post(
    '/',
    { ...write, schema: { tags, body: postBodySchema, response: { 201: postSchema } } },
    async (request, reply) => reply.code(201).send(await posts.create(currentUser(request), request.body)),
  );
  app.put(
    '/:id',
    { ...change, schema: { tags, params: idParams, body: postBodySchema, response: { 200: postSchema } } },
    (request) => posts.update(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    { ...write, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await posts.delete(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  done();
};
