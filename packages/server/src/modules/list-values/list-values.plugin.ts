import {
  listInfoSchema,
  listInfoUpdateSchema,
  listNameQuerySchema,
  listSchema,
  listValueCreateSchema,
  listValueSchema,
  listValuesQuerySchema,
  listValueUpdateSchema,
} from '@mdis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import { assertMayRead, assertMayWrite } from './list-values.guards';
import type { ListValuesService } from './list-values.service';

type ListValuesApp = Parameters<FastifyPluginCallbackZod>[0];

// Reading lists is for viewers and read-only users: any signed-in user passes the route rule and
// `reader` checks the roles. Writing needs an operator who is not read-only (`writer`); the service
// adds the administrator-only rules (locked lists, the lock itself).
const read = { access: 'user' } as const;
const write = { access: { role: 'operator' } } as const;
// onRequest hooks run right after the access check, before input validation: a user who may not
// call the route learns nothing about its input rules.
const reader = (request: FastifyRequest) => Promise.resolve().then(() => assertMayRead(currentUser(request)));
const writer = (request: FastifyRequest) => Promise.resolve().then(() => assertMayWrite(currentUser(request)));
const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['list-values'];

function readRoutes(app: ListValuesApp, listValues: ListValuesService): void {
  const options = { config: read, onRequest: reader };
  app.get(
    '/',
    {
      ...options,
      schema: { tags, querystring: listValuesQuerySchema, response: { 200: listSchema(listValueSchema) } },
    },
    (request) => listValues.list(request.query),
  );
  app.get('/list-names', { ...options, schema: { tags, response: { 200: z.array(z.string()) } } }, () =>
    listValues.listNames(),
  );
  app.get(
    '/list',
    { ...options, schema: { tags, querystring: listNameQuerySchema, response: { 200: listInfoSchema } } },
    (request) => listValues.listInfo(request.query.listname),
  );
  app.get('/:id', { ...options, schema: { tags, params: idParams, response: { 200: listValueSchema } } }, (request) =>
    listValues.get(request.params.id),
  );
}

function writeRoutes(app: ListValuesApp, listValues: ListValuesService): void {
  const options = { config: write, onRequest: writer };
  app.put(
    '/list',
    {
      ...options,
      schema: { tags, querystring: listNameQuerySchema, body: listInfoUpdateSchema, response: { 200: listInfoSchema } },
    },
    (request) => listValues.updateListInfo(currentUser(request), request.query.listname, request.body),
  );
  app.post(
    '/',
    { ...options, schema: { tags, body: listValueCreateSchema, response: { 201: listValueSchema } } },
    async (request, reply) => reply.code(201).send(await listValues.create(currentUser(request), request.body)),
  );
  app.put(
    '/:id',
    { ...options, schema: { tags, params: idParams, body: listValueUpdateSchema, response: { 200: listValueSchema } } },
    (request) => listValues.update(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    { ...options, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await listValues.delete(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Value lists (controlled vocabularies): `api/v1/list-values`. */
export const listValuesPlugin: FastifyPluginCallbackZod<{ listValues: ListValuesService }> = (
  app,
  { listValues },
  done,
) => {
  readRoutes(app, listValues);
  writeRoutes(app, listValues);
  done();
};
