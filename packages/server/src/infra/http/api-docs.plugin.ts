import type { SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { declareContextAccess } from '../auth/access-control';

/** The OpenAPI UI at /api/docs and the document at /api/docs/json: public, like the API's shape. */
export async function apiDocsPlugin(app: FastifyInstance): Promise<void> {
  declareContextAccess(app, 'public');
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

interface QueryParameter {
  in?: string;
  schema?: { type?: unknown };
  style?: string;
  explode?: boolean;
}
type Operations = Record<string, { parameters?: QueryParameter[] } | undefined>;

/**
 * @fastify/swagger's `transformObject`: an object query parameter (the records' `filter`) is sent
 * as `filter[col]=expr`, OpenAPI's deepObject style; the swagger plugin cannot say so per parameter.
 */
export const withDeepObjectQueries: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const paths = (document.openapiObject.paths ?? {}) as Record<string, Operations | undefined>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations ?? {})) {
      for (const parameter of operation?.parameters ?? []) {
        if (parameter.in !== 'query' || parameter.schema?.type !== 'object') continue;
        parameter.style = 'deepObject';
        parameter.explode = true;
      }
    }
  }
  return document.openapiObject;
};
