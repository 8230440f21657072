import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorBody, FieldError } from '@mdis/shared';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const notFound = { name: 'Not Found', message: 'Page not found.', code: 'ROUTE_NOT_FOUND', status: 404 };

describe.each(DIALECTS)('error shapes (%s)', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      plugins: [
        async (app) => {
          app.get('/api/v1/test/boom', { config: { access: 'public' } }, () => {
            throw new Error('secret internals');
          });
          app.post('/api/v1/test/duplicate', { config: { access: 'public' } }, async () => {
            await t.db.insertInto('app_config').values({ key: 'dup', value: '1' }).execute();
            await t.db.insertInto('app_config').values({ key: 'dup', value: '2' }).execute();
          });
        },
      ],
    });
    ({ headers } = await signedInUser(t.app, t.db, { roles: ['administrator'] }));
  });
  afterAll(() => t.close());

  it('answers an unknown API route with 404 in the mDIS shape, signed in or not', async () => {
    for (const request of [
      { method: 'GET', url: '/api/v1/nothing' },
      { method: 'POST', url: '/api/v1/users/1/nothing', headers },
      { method: 'PATCH', url: '/api/v1/users' },
    ] as const) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'Bad Request', code: 'BAD_REQUEST', status: 400 });
  });

  it('treats an empty JSON body as no body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-default-user',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<FieldError[]>()).toEqual([{ field: 'username', message: 'No default user is configured.' }]);
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      name: 'Unsupported Media Type',
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
    });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'x', password: 'y'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });

  it('answers body validation failures with the 422 array', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: { username: 'ok-name' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<FieldError[]>();
    expect(Array.isArray(body)).toBe(true);
    for (const entry of body) expect(Object.keys(entry).sort()).toEqual(['field', 'message']);
    expect(body.map((e) => e.field)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers a bad query parameter with 400 naming it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/users?per-page=lots', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toMatch(/^Invalid querystring parameter 'per-page'/);
  });

  it('answers an unexpected error with a generic 500 that reveals nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      name: 'Internal Server Error',
      message: 'Internal server error.',
      code: 'INTERNAL',
      status: 500,
    });
  });

  it('answers an untranslated constraint failure with 409, not 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/test/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      name: 'Conflict',
      code: 'UNIQUE_VIOLATION',
      status: 409,
      message: 'key has already been taken.',
    });
    expect(response.json<ErrorBody>().errorInfo?.[1]).toBe(1062);
  });

  it('serves the OpenAPI document and its UI publicly', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/users/{id}', '/api/v1/app/config']),
    );
    // Public routes are documented as needing no bearer token; the others inherit the global one.
    const paths = json.json<{ paths: Partial<Record<string, Partial<Record<string, { security?: unknown[] }>>>> }>()
      .paths;
    expect(paths['/api/v1/auth/login']?.post?.security).toEqual([]);
    expect(paths['/api/v1/users/{id}']?.get).toBeDefined();
    expect(paths['/api/v1/users/{id}']?.get?.security).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers with a CSP that allows no foreign scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('says how to build the web app when it is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
  });
});

describe('startup checks', () => {
  it('a route without an access rule stops the server', async () => {
    const careless: FastifyPluginAsync = async (app) => {
      app.get('/api/v1/careless', () => 'open to all?');
    };
    await expect(createTestApp('sqlite', { plugins: [careless] })).rejects.toThrow(
      'Route GET /api/v1/careless declares no access rule',
    );
  });

  it('serves the built web app from its dist folder', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'mdis-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>mDIS app</title>');
    const t = await createTestApp('sqlite', { webDistDir: dist });
    try {
      const index = await t.app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('mDIS app');
      const missing = await t.app.inject({ method: 'GET', url: '/missing.js' });
      expect(missing.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/nothing' })).json()).toEqual(notFound);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
