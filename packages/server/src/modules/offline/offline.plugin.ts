import {
  offlineScopeEstimateSchema,
  offlineScopeQuerySchema,
  offlineScopeSchema,
  syncRequestSchema,
  syncResponseSchema,
} from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import { compressAnswer } from '../../infra/http/compressed-answer';
import type { OfflineScopeService } from './offline-scope.service';
import type { SyncService } from './sync.service';

export interface OfflinePluginOptions {
  sync: SyncService;
  scope: OfflineScopeService;
}

// Every signed-in user reaches both routes: what each operation may do, and which records a scope
// holds, is decided per form and record by the records pipeline (form permissions, limited access).
const user = { access: 'user' } as const;
const tags = ['offline'];

/** Offline work (issue 22): the replay of a client's queued operations, and the scope it keeps offline. */
export const offlinePlugin: FastifyPluginCallbackZod<OfflinePluginOptions> = (app, { sync, scope }, done) => {
  app.post(
    '/sync',
    { config: user, schema: { tags, body: syncRequestSchema, response: { 200: syncResponseSchema } } },
    (request) => sync.sync(currentUser(request), request.body.operations),
  );

  app.get(
    '/offline/scope',
    {
      config: user,
      // a hole's download is megabytes of JSON: compressed as the client accepts (5 to 10 times smaller)
      onSend: compressAnswer,
      schema: {
        tags,
        querystring: offlineScopeQuerySchema,
        response: { 200: z.union([offlineScopeEstimateSchema, offlineScopeSchema]) },
      },
    },
    (request) => {
      const { form, id, estimate } = request.query;
      const actor = currentUser(request);
      return estimate ? scope.estimate(actor, form, id) : scope.download(actor, form, id);
    },
  );
  done();
};
