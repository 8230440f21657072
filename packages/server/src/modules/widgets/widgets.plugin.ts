import {
  listSchema,
  samplesCsvFileName,
  samplesCsvQuerySchema,
  WIDGET_BODY_LIMIT_BYTES,
  widgetCreateSchema,
  widgetListQuerySchema,
  widgetReorderSchema,
  widgetSchema,
  widgetUpdateSchema,
} from '@mdis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import { assertMayEdit } from './widgets.guards';
import type { WidgetsService } from './widgets.service';

type WidgetsApp = Parameters<FastifyPluginCallbackZod>[0];

// Every signed-in user sees the dashboard; only developers and administrators change it (spec 2 §6).
const read = { access: 'user' } as const;
const write = { access: { role: 'developer' } } as const;
// Runs right after the access check, before input validation: a user who may not edit learns
// nothing about the input rules.
const editor = (request: FastifyRequest) => Promise.resolve().then(() => assertMayEdit(currentUser(request)));
const writeOptions = { config: write, onRequest: editor, bodyLimit: WIDGET_BODY_LIMIT_BYTES };
const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['widgets'];
const widgetList = listSchema(widgetSchema);

function readRoutes(app: WidgetsApp, widgets: WidgetsService): void {
  app.get(
    '/',
    { config: read, schema: { tags, querystring: widgetListQuerySchema, response: { 200: widgetList } } },
    (request) => widgets.list(request.query.sort),
  );
  // A download the browser may open by URL: GET, so the session cookie stands in for the header.
  app.get(
    '/download-samples-as-csv',
    { config: read, schema: { tags, querystring: samplesCsvQuerySchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const { requestNo, requestPart } = request.query;
      const csv = await widgets.samplesCsv(currentUser(request), request.query);
      // The part is free text: only safe characters reach the header's file name.
      const fileName = samplesCsvFileName(requestNo, requestPart).replace(/[^\w.-]/g, '_');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );
  app.get('/:id', { config: read, schema: { tags, params: idParams, response: { 200: widgetSchema } } }, (request) =>
    widgets.get(request.params.id),
  );
}

function writeRoutes(app: WidgetsApp, widgets: WidgetsService): void {
  app.post(
    '/',
    { ...writeOptions, schema: { tags, body: widgetCreateSchema, response: { 201: widgetSchema } } },
    async (request, reply) => reply.code(201).send(await widgets.create(request.body)),
  );
  app.post(
    '/duplicate/:id',
    { ...writeOptions, schema: { tags, params: idParams, response: { 201: widgetSchema } } },
    async (request, reply) => reply.code(201).send(await widgets.duplicate(request.params.id)),
  );
  app.put(
    '/:id',
    { ...writeOptions, schema: { tags, params: idParams, body: widgetUpdateSchema, response: { 200: widgetSchema } } },
    (request) => widgets.update(request.params.id, request.body),
  );
  app.delete(
    '/:id',
    { ...writeOptions, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await widgets.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
  // The drag and drop of the dashboard; the original accepts PUT and PATCH on the collection.
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/',
      ...writeOptions,
      schema: { tags, body: widgetReorderSchema, response: { 200: widgetList } },
      handler: (request) => widgets.reorder(request.body),
    });
  }
}

/** Dashboard widgets: `api/v1/widgets`. */
export const widgetsPlugin: FastifyPluginCallbackZod<{ widgets: WidgetsService }> = (app, { widgets }, done) => {
  readRoutes(app, widgets);
  writeRoutes(app, widgets);
  done();
};
