import { z } from 'zod';
import { developerWrite, tags, type CgRoutes } from './route-options';

const generatorBody = z.looseObject({
  Generator: z.looseObject({ templateName: z.string().optional() }).nullish(),
  generate: z.boolean().nullish(),
  answers: z.record(z.string(), z.unknown()).nullish(),
});
const plannedFile = z.object({ id: z.string(), path: z.string(), operation: z.enum(['create', 'overwrite', 'skip']) });
const viewAnswer = z.union([
  z.object({ files: z.array(plannedFile), answers: z.record(z.string(), z.unknown()) }),
  z.object({ hasError: z.boolean(), results: z.string() }),
]);
const idQuery = z.object({ id: z.string().min(1) });
const fileQuery = z.object({ id: z.string().min(1), file: z.string().min(1) });

/**
 * The code generator (ids dis-model, dis-form): view lists the files and their operations or,
 * with `generate` and `answers`, writes the chosen ones; preview and diff answer plain text.
 * POST because the original's client posts the generator attributes; nothing changes but view+generate.
 */
export const generatorRoutes: CgRoutes = (app, service) => {
  app.post(
    '/view',
    { ...developerWrite, schema: { tags, querystring: idQuery, body: generatorBody, response: { 200: viewAnswer } } },
    (request) => service.generator.view(request.query.id, request.body),
  );

  app.post(
    '/preview',
    { ...developerWrite, schema: { tags, querystring: fileQuery, body: generatorBody, response: { 200: z.string() } } },
    async (request, reply) => {
      const { id, file } = request.query;
      return reply.type('text/plain; charset=utf-8').send(await service.generator.preview(id, request.body, file));
    },
  );

  app.post(
    '/diff',
    { ...developerWrite, schema: { tags, querystring: fileQuery, body: generatorBody, response: { 200: z.string() } } },
    async (request, reply) => {
      const { id, file } = request.query;
      return reply.type('text/plain; charset=utf-8').send(await service.generator.diff(id, request.body, file));
    },
  );
};
