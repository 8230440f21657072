import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { declareContextAccess } from '../auth/access-control';

/** The OpenAPI UI at /api/docs and the document at /api/docs/json: public, like the API's shape. */
export async function apiDocsPlugin(app: FastifyInstance): Promise<void> {
  declareContextAccess(app, 'public');
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
