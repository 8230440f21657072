import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { declareContextAccess } from '../auth/access-control';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mDIS</title></head>
<body><h1>mDIS</h1><p>The web app is not built. Run <code>npm run build</code>, then restart the server.</p>
<p>The API is available under <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/**
 * The built React app (hash routing, so `/` and its assets are all there is). Everything here is
 * public: the app itself holds no data; the API calls it makes are checked route by route.
 */
export async function webAppPlugin(app: FastifyInstance, { distDir }: { distDir: string }): Promise<void> {
  declareContextAccess(app, 'public');
  if (!existsSync(join(distDir, 'index.html'))) {
    app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // The service worker and index.html must be revalidated so that a new build is noticed.
    setHeaders: (res, path) => {
      if (/(index\.html|sw\.js|registerSW\.js|manifest\.webmanifest)$/.test(path))
        res.header('cache-control', 'no-cache');
    },
  });
}
