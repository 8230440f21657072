import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
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
    // The build writes brotli and gzip copies beside the JS and CSS (packages/web/build/precompress.ts).
    preCompressed: true,
    // A route per file of the build, listed once here: the default catch-all route lists each
    // directory of a file's path on every request to check its spelling, about 0.6 ms of CPU per
    // file over some 80 files on a cold visit, beside the browser on the same cores (issue 18).
    // So a build takes effect when the server starts, as its page says.
    wildcard: false,
    setHeaders: (res, path) => {
      res.header('cache-control', cacheControlOf(distDir, path));
    },
  });
}

/** The app's icon (favicon and brand logo), whose name has no hash. */
const ICON = 'mdis-icon.svg';

/**
 * Hashed assets are cached for a year without revalidation; the icon for a day (it is shown again
 * on every page and sort, each time a request when revalidated; a new icon shows within a day);
 * everything else (index.html, the service worker, the manifest) is revalidated so that a new build
 * is noticed.
 */
function cacheControlOf(distDir: string, path: string): string {
  // Vite names what it writes under assets/ by a hash of the content: such a URL never changes meaning.
  if (path.startsWith(join(distDir, 'assets', sep))) return 'public, max-age=31536000, immutable';
  return path === join(distDir, ICON) ? 'public, max-age=86400' : 'no-cache';
}
