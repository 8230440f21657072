// What a first visit downloads before any page's own chunk (issue 18: entry plus preloaded chunks
// ≤ 200 KB gzip). Reads the built app, so it runs after `npm run build` like the browser specs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST, entryScriptSizes } from '../support/entry-scripts';

const BUDGET_KB = 200;

describe('the web app a first visit loads', () => {
  it(`keeps the entry script and its preloaded chunks within ${String(BUDGET_KB)} KB gzip`, () => {
    const { gzipKb, files } = entryScriptSizes();
    expect(files.length).toBeGreaterThan(0);
    expect(Math.round(gzipKb), `${String(files.length)} files`).toBeLessThanOrEqual(BUDGET_KB);
  });

  it('loads the entry as one file beside the route preload script (each file is a request, six at a time)', () => {
    const { files } = entryScriptSizes();
    expect(files.filter((file) => !/\/route-preload-[^/]+\.js$/.test(file))).toEqual([
      expect.stringMatching(/^assets\/index-[^/]+\.js$/),
    ]);
  });

  it('does not load the schema library (zod) before a page needs it', () => {
    const { files } = entryScriptSizes();
    // zod's own error text, kept by the minifier as a string
    const withZod = files.filter((file) => readFileSync(path.join(WEB_DIST, file), 'utf8').includes('$ZodError'));
    expect(withZod).toEqual([]);
  });
});
