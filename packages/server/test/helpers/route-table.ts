import type { AccessRule } from '@mdis/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { routeTable } from '../../src/infra/auth/access-control';
import type { ZodType } from 'zod';

/** The parts of a route's schema that validate a request (fastify-type-provider-zod: zod schemas). */
export interface RequestSchemas {
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  headers?: ZodType;
}

/** One route of the built app as the access control saw it: method, URL, rule and request schemas. */
export interface RouteEntry {
  method: string;
  url: string;
  access: AccessRule;
  schema: RequestSchemas;
  /** `multipart/form-data` when the route reads uploads (it then has no body schema). */
  consumes: readonly string[];
  /** Fastify answers HEAD for every GET on its own; these copies are marked so callers can skip them. */
  autoHead: boolean;
}

function isZod(value: unknown): value is ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function requestSchemas(schema: RouteOptions['schema']): RequestSchemas {
  const parts: RequestSchemas = {};
  for (const key of ['params', 'querystring', 'body', 'headers'] as const) {
    const part: unknown = schema?.[key];
    if (isZod(part)) parts[key] = part;
  }
  return parts;
}

/**
 * The route table of an app built by buildApp, as the access control recorded it (every route, with
 * its rule), plus what a request needs: the zod schemas and the multipart marker. Used by the fuzz
 * test; the access matrix reads the same table.
 */
export function routeEntries(app: FastifyInstance): RouteEntry[] {
  const withoutSlash = (url: string) => url.replace(/(.)\/$/, '$1');
  const routes = routeTable(app).map((route) => ({
    method: route.method,
    url: route.url,
    access: route.access,
    schema: requestSchemas(route.schema),
    consumes: (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [],
    autoHead: false,
  }));
  // A HEAD is Fastify's own copy of a GET (registered before or after it, with or without the slash).
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => withoutSlash(r.url)));
  for (const entry of routes) entry.autoHead = entry.method === 'HEAD' && gets.has(withoutSlash(entry.url));
  return routes;
}
