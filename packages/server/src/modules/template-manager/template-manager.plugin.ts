import { behaviorInfo } from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import { formRoutes } from './routes/form.routes';
import { generatorRoutes } from './routes/generator.routes';
import { modelRoutes } from './routes/model.routes';
import { transferRoutes } from './routes/transfer.routes';
import type { TemplateManagerService } from './template-manager.service';

const signedIn = { access: 'user' } as const;
const developer = { access: { role: 'developer' } } as const;
const tags = ['template-manager'];
const nameQuery = z.object({ name: z.string().min(1) });
const template = z.record(z.string(), z.unknown());
const seconds = z.number().nullable();
const generatedFiles = z.array(z.object({ path: z.string(), modified: z.boolean() }));
const summary = z.object({
  modules: z.array(z.string()),
  models: z.array(
    z.object({
      name: z.string(),
      fullName: z.string(),
      module: z.string(),
      table: z.string(),
      parentModel: z.string().nullable(),
      createdAt: seconds,
      modifiedAt: seconds,
      generatedAt: seconds,
      isTableCreated: z.boolean(),
      tableGenerationTimestamp: seconds,
      generatedFiles,
      columns: template,
    }),
  ),
  forms: z.array(
    z.object({
      name: z.string(),
      dataModel: z.string(),
      modifiedAt: seconds,
      generatedAt: seconds,
      generatedFiles,
      customVueFile: z.boolean(),
    }),
  ),
});

/**
 * Template manager calls, `cg/api`. Here the reads that every signed-in user may make for the
 * forms they can view (summary, get-model-template, get-form-template) and the developer's
 * behavior catalog; the developer's calls are in routes/ (models, forms, transfer).
 */
export const templateManagerPlugin: FastifyPluginCallbackZod<{ templateManager: TemplateManagerService }> = (
  app,
  { templateManager },
  done,
) => {
  app.get('/summary', { config: signedIn, schema: { tags, response: { 200: summary } } }, (request) =>
    templateManager.summary(currentUser(request)),
  );

  app.get('/behaviors', { config: developer, schema: { tags, response: { 200: z.array(behaviorInfo) } } }, () =>
    templateManager.behaviors(),
  );

  app.get(
    '/get-model-template',
    { config: signedIn, schema: { tags, querystring: nameQuery, response: { 200: template } } },
    (request) => templateManager.modelTemplate(currentUser(request), request.query.name),
  );

  app.get(
    '/get-form-template',
    { config: signedIn, schema: { tags, querystring: nameQuery, response: { 200: template } } },
    (request) => templateManager.formTemplate(currentUser(request), request.query.name),
  );
  modelRoutes(app, templateManager);
  formRoutes(app, templateManager);
  transferRoutes(app, templateManager);
  generatorRoutes(app, templateManager);
  done();
};
