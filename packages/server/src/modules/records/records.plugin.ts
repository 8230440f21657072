import { asyncListQuerySchema, filterListsQuerySchema, recordListQuerySchema } from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizeFirst, currentUser } from '../../infra/auth/access-control';
import type { RecordsService } from '../../engine/records/records.service';
import type { RecordTargetRef } from '../../engine/records/record-target';
import {
  asyncListSchema,
  duplicateQuerySchema,
  filterListsSchema,
  idParamsSchema,
  plainJsonSerializer,
  recordBodySchema,
  recordListSchema,
  recordSchema,
  targetQuerySchema,
} from './records.schemas';

export interface RecordsPluginOptions {
  /** `form`: `api/v1/form?name={form}`; `global`: `api/v1/global?name={ModelFullName}`. */
  kind: RecordTargetRef['kind'];
  records: RecordsService;
}

// Every signed-in user reaches these routes; what they may do is decided per form and record by
// the pipeline's authorize step (form permissions, roles, limited access).
const user = { access: 'user' } as const;

/**
 * Writes: the pipeline's authorize step for the form, once more before the body is validated, so
 * that a user who may not edit the form gets its 403 whatever it sent (the pipeline repeats it, and
 * checks the record's scope). A missing name is left to the query schema.
 */
function editorsFirst(kind: RecordTargetRef['kind'], records: RecordsService) {
  return authorizeFirst(async (actor, request) => {
    const name = (request.query as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') await records.scope(actor, { kind, name }, 'edit');
  });
}

/**
 * The generic records API of the original (list, view, create, update, delete, defaults, duplicate,
 * filter-lists, async-lists, reports, print; DESIGN §5), mounted under `api/v1/form?name={form}` and
 * `api/v1/global?name={ModelFullName}`.
 */
export const recordsPlugin: FastifyPluginCallbackZod<RecordsPluginOptions> = (app, { kind, records }, done) => {
  const tags = [`records (${kind})`];
  const target = (name: string): RecordTargetRef => ({ kind, name });
  const query = { tags, querystring: targetQuerySchema };
  const edit = { config: user, preValidation: editorsFirst(kind, records) };

  listRoutes(app, tags, target, records);

  app.post(
    '/defaults',
    { ...edit, schema: { ...query, body: recordBodySchema.nullish(), response: { 200: recordSchema } } },
    (request) =>
      records.defaults(currentUser(request), target(request.query.name), { ...request.query, ...(request.body ?? {}) }),
  );

  app.post(
    '/duplicate',
    { config: user, schema: { tags, querystring: duplicateQuerySchema, response: { 200: recordSchema } } },
    (request) => records.duplicate(currentUser(request), target(request.query.name), request.query.id),
  );

  app.get(
    '/:id',
    { config: user, schema: { ...query, params: idParamsSchema, response: { 200: recordSchema } } },
    (request) => records.get(currentUser(request), target(request.query.name), request.params.id),
  );

  app.post(
    '/',
    { ...edit, schema: { ...query, body: recordBodySchema, response: { 201: recordSchema } } },
    async (request, reply) =>
      reply.code(201).send(await records.create(currentUser(request), target(request.query.name), request.body)),
  );

  app.put(
    '/:id',
    {
      ...edit,
      schema: { ...query, params: idParamsSchema, body: recordBodySchema, response: { 200: recordSchema } },
    },
    (request) => records.update(currentUser(request), target(request.query.name), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config: user, schema: { ...query, params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await records.remove(currentUser(request), target(request.query.name), request.params.id);
      return reply.code(204).send(null);
    },
  );
  done();
};

type RecordsApp = Parameters<FastifyPluginCallbackZod>[0];

/** The list calls: the records of a page, the filter bar's option lists, a select's options. */
function listRoutes(
  app: RecordsApp,
  tags: string[],
  target: (name: string) => RecordTargetRef,
  records: RecordsService,
): void {
  app.get(
    '/',
    {
      config: user,
      schema: { tags, querystring: recordListQuerySchema, response: { 200: recordListSchema } },
      serializerCompiler: plainJsonSerializer,
    },
    (request) => records.list(currentUser(request), target(request.query.name), request.query),
  );

  app.get(
    '/filter-lists',
    { config: user, schema: { tags, querystring: filterListsQuerySchema, response: { 200: filterListsSchema } } },
    (request) => records.filterLists(currentUser(request), target(request.query.name), request.query),
  );

  app.get(
    '/async-lists',
    { config: user, schema: { tags, querystring: asyncListQuerySchema, response: { 200: asyncListSchema } } },
    (request) => records.asyncLists(currentUser(request), target(request.query.name), request.query),
  );
}
