import { tableResultSchema } from '@mdis/shared';
import { z } from 'zod';
import { developerRead, developerWrite, nameQuery, tags, template, templateBody, type CgRoutes } from './route-options';

const tableBody = z.object({
  model: z.string().min(1),
  /** The plan drops columns or join tables holding data: applied only when confirmed. */
  allowDataLoss: z.boolean().optional(),
  /** Answer the plan and what it would lose; change nothing. */
  dryRun: z.boolean().optional(),
});
/** removeRelations=1: the user confirmed that the model's m:n relations go with it (both sides, join tables). */
const deleteQuery = nameQuery.extend({ removeRelations: z.enum(['0', '1']).optional() });
const formSeed = z.object({
  availableFieldTemplates: z.record(z.string(), template),
  initialTemplate: z.object({ name: z.string(), dataModel: z.string(), fields: z.array(template) }),
});

/** Model template writes and the table of a model (spec 3 §7). */
export const modelRoutes: CgRoutes = (app, service) => {
  app.get(
    '/get-form-template-seed',
    {
      ...developerRead,
      schema: { tags, querystring: z.object({ modelName: z.string().min(1) }), response: { 200: formSeed } },
    },
    (request) => service.formTemplateSeed(request.query.modelName),
  );

  app.post(
    '/create-model',
    { ...developerWrite, schema: { tags, body: templateBody, response: { 201: template } } },
    async (request, reply) => reply.code(201).send(await service.models.create(request.body)),
  );

  app.post(
    '/update-model',
    { ...developerWrite, schema: { tags, querystring: nameQuery, body: templateBody, response: { 200: template } } },
    (request) => service.models.update(request.query.name, request.body),
  );

  app.delete(
    '/delete-model',
    { ...developerWrite, schema: { tags, querystring: deleteQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.models.remove(request.query.name, { removeRelations: request.query.removeRelations === '1' });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/create-model-table',
    { ...developerWrite, schema: { tags, body: tableBody, response: { 200: tableResultSchema } } },
    (request) => service.models.createTable(request.body.model, request.body),
  );
};
