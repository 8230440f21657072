// The built web app's files: precompressed copies (written at build time by the web package's
// precompress step) are sent to clients that accept them, and only hashed assets are cached for good.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress';
import { createTestApp, type TestApp } from './helpers/test-app';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${String(i)}, name: 'row ${String(i)}' }`).join(', ')}];\n`;
const STYLE = `.table { color: #123456; }\n`.repeat(100);
const INDEX = `<!doctype html><html><head><title>mDIS app</title><script type="module" src="/assets/index-3f2a9c1b.js"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>';

describe('the built web app (static assets)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mdis-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-3f2a9c1b.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-77aa01de.css'), STYLE);
    writeFileSync(join(dist, 'mdis-icon.svg'), ICON);
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting();\n');
    expect(precompressDir(dist)).toBe(3);
    t = await createTestApp('sqlite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy of a script to a browser that accepts br, and its bytes are the script', async () => {
    const response = await get('/assets/index-3f2a9c1b.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy of a style sheet to a client that accepts only gzip', async () => {
    const response = await get('/assets/index-77aa01de.css', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/text\/css/);
    expect(gunzipSync(response.rawPayload).toString()).toBe(STYLE);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const response = await get('/assets/index-3f2a9c1b.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-3f2a9c1b.js', encoding)).headers['cache-control']).toBe(IMMUTABLE);
      expect((await get('/assets/index-77aa01de.css', encoding)).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('makes browsers revalidate index.html, so that a new build is noticed', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('lets browsers keep the icon for a day (the app shows it again on every page and sort)', async () => {
    const response = await get('/mdis-icon.svg', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ICON);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('makes browsers revalidate the offline worker, whose name never changes', async () => {
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('serves the files the build had when the server started, listed once (not per request)', async () => {
    writeFileSync(join(dist, 'assets', 'late-0b1c2d3e.js'), SCRIPT);
    expect((await get('/assets/late-0b1c2d3e.js', 'br')).statusCode).toBe(404);
    expect((await get('/assets/index-3f2a9c1b.js', 'br')).statusCode).toBe(200);
    expect((await get('/assets/missing-00000000.js', 'br')).statusCode).toBe(404);
  });
});
