import type { AccessRule } from '@mdis/shared';
import type { RouteOptions } from 'fastify';
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
 * Collects the route table of an app: pass `onRoute` to buildApp (BuildAppOptions.onRoute, which runs
 * after the access control has filled in each route's rule), then read `routes`. Used by the fuzz test;
 * meant for any test that must cover every route (the access matrix).
 */
export function routeCollector(): { routes: RouteEntry[]; onRoute: (route: RouteOptions) => void } {
  const routes: RouteEntry[] = [];
  const withoutSlash = (url: string) => url.replace(/(.)\/$/, '$1');
  return {
    routes,
    onRoute(route) {
      const access = route.config?.access;
      if (!access) throw new Error(`route ${route.url} reached the collector without an access rule`);
      const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        const entry = {
          method,
          url: route.url,
          access,
          schema: requestSchemas(route.schema),
          consumes,
          autoHead: false,
        };
        routes.push(entry);
      }
      // A HEAD is Fastify's own copy of a GET (registered before or after it, with or without the slash).
      const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => withoutSlash(r.url)));
      for (const entry of routes) entry.autoHead = entry.method === 'HEAD' && gets.has(withoutSlash(entry.url));
    },
  };
}
