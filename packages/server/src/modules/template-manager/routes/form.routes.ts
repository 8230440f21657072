import { z } from 'zod';
import { developerWrite, nameQuery, tags, template, templateBody, type CgRoutes } from './route-options';

/** Form template writes (spec 3 §7); forms of ArchiveFile are neither created nor deleted. */
export const formRoutes: CgRoutes = (app, service) => {
  app.post(
    '/create-form',
    { ...developerWrite, schema: { tags, body: templateBody, response: { 201: template } } },
    async (request, reply) => reply.code(201).send(await service.forms.create(request.body)),
  );

  app.put(
    '/update-form',
    { ...developerWrite, schema: { tags, querystring: nameQuery, body: templateBody, response: { 200: template } } },
    (request) => service.forms.update(request.query.name, request.body),
  );

  app.delete(
    '/delete-form',
    { ...developerWrite, schema: { tags, querystring: nameQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.forms.remove(request.query.name);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/rename-form',
    {
      ...developerWrite,
      schema: {
        tags,
        querystring: z.object({ name: z.string().min(1), newName: z.string() }),
        response: { 200: template },
      },
    },
    (request) => service.forms.rename(request.query.name, request.query.newName),
  );
};
