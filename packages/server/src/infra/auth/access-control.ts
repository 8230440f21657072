import { type AccessRule, AppError, AUTH_MESSAGES, SESSION_COOKIE, satisfiesAccess } from '@mdis/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { type AuthenticatedUser, toAuthenticatedUser } from './authenticated-user';
import type { TokenService } from './token.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required: the server refuses to start without it. */
    access?: AccessRule;
    /** false: only the Authorization header counts, never the session cookie (default true on GET/HEAD). */
    cookieAuth?: boolean;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    /** The template store's revision, read with the token (the template scope reuses it). */
    templateRevision: number | undefined;
  }
}

export const FORBIDDEN_MESSAGE = 'You are not allowed to perform this action.';

/**
 * Third-party plugins (static files, the docs UI) register routes we cannot annotate. They are
 * registered inside a context marked with this symbol, which states their rule explicitly.
 */
const kContextAccess = Symbol('mdis.contextAccess');

export function declareContextAccess(instance: FastifyInstance, rule: AccessRule): void {
  (instance as unknown as Record<symbol, AccessRule>)[kContextAccess] = rule;
}

function contextAccess(instance: FastifyInstance): AccessRule | undefined {
  return (instance as unknown as Record<symbol, AccessRule | undefined>)[kContextAccess];
}

// The cookie stands in for the header only where nothing changes: reads opened by URL
// (reports, previews, downloads). SameSite=Strict and this rule together stop CSRF.
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) return bearer;
  const safeMethod = request.method === 'GET' || request.method === 'HEAD';
  if (!safeMethod || request.routeOptions.config.cookieAuth === false) return undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

function createAccessCheck(tokens: TokenService): onRequestAsyncHookHandler {
  return async function checkAccess(request) {
    const rule = request.routeOptions.config.access;
    if (rule === 'public') return;
    const token = tokenOf(request);
    const session = token ? await tokens.verifySession(token) : undefined;
    if (!session || !token) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.missingToken);
    request.user = toAuthenticatedUser(session.user, token);
    request.templateRevision = session.templateRevision;
    if (!rule || !satisfiesAccess(rule, request.user.roles)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  };
}

/**
 * One route as registered, with its rule and schema: what the tests that must cover every route
 * enumerate (the access matrix, the fuzzing). Fastify has no public route registry of its own.
 */
export interface RouteAccess {
  method: string;
  url: string;
  access: AccessRule;
  schema: RouteOptions['schema'];
}

const routeTables = new WeakMap<FastifyInstance, RouteAccess[]>();

/** Every route of an app built by buildApp, with its access rule, in registration order. */
export function routeTable(app: FastifyInstance): readonly RouteAccess[] {
  return routeTables.get(app) ?? [];
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Every route must declare `config.access`; a route without one stops the server at startup.
 * Each route then gets the check as its first onRequest hook.
 */
export function registerAccessControl(app: FastifyInstance, tokens: TokenService): void {
  const checkAccess = createAccessCheck(tokens);
  const table: RouteAccess[] = [];
  routeTables.set(app, table);
  app.decorateRequest('user', null);
  app.decorateRequest('templateRevision', undefined);
  app.addHook('onRoute', function (route: RouteOptions) {
    const access = route.config?.access ?? contextAccess(this);
    if (!access) {
      const method = toArray(route.method).join(',');
      throw new Error(`Route ${method} ${route.url} declares no access rule`);
    }
    for (const method of toArray(route.method)) table.push({ method, url: route.url, access, schema: route.schema });
    route.config = { ...route.config, access };
    // The OpenAPI document then tells which routes need no bearer token.
    if (access === 'public' && route.schema) route.schema = { ...route.schema, security: [] };
    const hooks = toArray(route.onRequest);
    if (!hooks.includes(checkAccess)) route.onRequest = [checkAccess, ...hooks];
  });
}

/** The signed-in user of a route whose rule is not 'public' (the access check has set it). */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.missingToken);
  return request.user;
}

/**
 * A `preValidation` hook running a route's own authorization before its input is validated: who
 * may not use the route gets its 403 whatever it sent, and learns nothing of the input rules.
 * The handler's service checks again with the validated input (record scope, authorship).
 */
export function authorizeFirst(check: (user: AuthenticatedUser, request: FastifyRequest) => unknown) {
  return async (request: FastifyRequest): Promise<void> => {
    await check(currentUser(request), request);
  };
}
