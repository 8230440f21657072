import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

// The built React/MUI app runs under this policy: emotion injects <style> elements (so styles
// need 'unsafe-inline'), images may be data:/blob: URLs (logos from config, previews) or remote
// https logos, the offline worker is same-origin, and no script comes from anywhere else.
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // The embedded mode serves plain http on 127.0.0.1; upgrading would break it.
  upgradeInsecureRequests: null,
};

/**
 * Helmet's headers under this policy, built once: they depend on nothing of the request, and
 * @fastify/helmet rebuilt helmet's middleware (parsing the policy again) for every response.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      Reflect.deleteProperty(headers, name.toLowerCase());
    },
  };
  helmet({ contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY } })(
    new IncomingMessage(new Socket()),
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error instanceof Error) throw error;
    },
  );
  return Object.freeze(headers);
}

/** Every response, API or not, carries the security headers (a route may still override one). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
