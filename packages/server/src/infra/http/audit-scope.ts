import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runAudited } from '../db/audit-context';

const kScope = Symbol('mdis.auditScope');
type ScopedRequest = FastifyRequest & { [kScope]?: AsyncResource };

function actorOf(request: FastifyRequest) {
  return {
    userId: request.user?.id,
    userName: request.user?.username,
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    client: request.ip,
  };
}

/**
 * Every request runs as one audited batch: the history rows its writes make name its user, route
 * and client address. The scope starts in the first onRequest hook; the body parser runs in the
 * request stream's callbacks, outside it, so preValidation re-enters it (as @fastify/request-context
 * does). Registered before any route: global hooks run before each route's own.
 */
export function registerAuditScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request: ScopedRequest, _reply, done) => {
    runAudited(
      () => actorOf(request),
      () => {
        request[kScope] = new AsyncResource('mdis.audit');
        done();
      },
    );
  });
  app.addHook('preValidation', (request: ScopedRequest, _reply, done) => {
    const scope = request[kScope];
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });
}
