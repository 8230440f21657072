import {
  listSchema,
  MESSAGE_BODY_LIMIT_BYTES,
  messageBodySchema,
  messageListQuerySchema,
  messageSchema,
} from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import { authorFirst, refuseReadOnly } from '../../infra/auth/authorship';
import type { MessagesService } from './messages.service';

const tags = ['messages'];
// Every signed-in user reads and writes messages; who may change which one is the service's rule.
const signedIn = { access: 'user' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const writeOptions = { config: signedIn, onRequest: refuseReadOnly, bodyLimit: MESSAGE_BODY_LIMIT_BYTES };

/** Messages of the day: `api/v1/messages`. */
export const messagesPlugin: FastifyPluginCallbackZod<{ messages: MessagesService }> = (app, { messages }, done) => {
  app.get(
    '/',
    {
      config: signedIn,
      schema: { tags, querystring: messageListQuerySchema, response: { 200: listSchema(messageSchema) } },
    },
    (request) => messages.list(currentUser(request), request.query),
  );
  // Opened by `<img>`: a GET, so the session cookie stands in for the header.
  app.get('/image/:id', { config: signedIn, schema: { tags, params: idParams } }, async (request, reply) => {
    const { mimeType, bytes } = await messages.image(request.params.id);
    return reply.type(mimeType).header('cache-control', 'private, max-age=86400').send(bytes);
  });
  app.get(
    '/:id',
    { config: signedIn, schema: { tags, params: idParams, response: { 200: messageSchema } } },
    (request) => messages.get(currentUser(request), request.params.id),
  );
  app.post(
    '/',
    { ...writeOptions, schema: { tags, body: messageBodySchema, response: { 201: messageSchema } } },
    async (request, reply) => reply.code(201).send(await messages.create(currentUser(request), request.body)),
  );
  app.put(
    '/:id',
    {
      ...writeOptions,
      preValidation: authorFirst((actor, id) => messages.assertMayChange(actor, id)),
      schema: { tags, params: idParams, body: messageBodySchema, response: { 200: messageSchema } },
    },
    (request) => messages.update(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    { config: signedIn, onRequest: refuseReadOnly, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await messages.delete(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  done();
};
