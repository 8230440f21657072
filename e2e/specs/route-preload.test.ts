// The landing pages' chunk hints the build writes into index.html (packages/web/build/routePreload.ts),
// which src/routePreload.ts turns into modulepreloads before the entry has run (issue 18: a cold
// visit). Reads the built app, so it runs after `npm run build` like the browser specs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST, entryScriptSizes } from '../support/entry-scripts';

function routeHints(): [pattern: RegExp, files: string[]][] {
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const attribute = /<script [^>]*data-route-chunks="([^"]*)"/.exec(html)?.[1];
  if (!attribute) return [];
  const json = attribute.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return (JSON.parse(json) as [string, string[]][]).map(([pattern, files]) => [new RegExp(pattern), files]);
}

const filesFor = (route: string) => routeHints().find(([pattern]) => pattern.test(route))?.[1];

describe('the chunks a landing page asks for before the entry has run', () => {
  it("lists the generic form's page chunk and its template schemas for a form's address", () => {
    for (const route of ['/forms/sample-form', '/forms/sample-form/12']) {
      const files = filesFor(route) ?? [];
      expect(
        files.some((file) => /\/assets\/FormPage-[^/]+\.js$/.test(file)),
        route,
      ).toBe(true);
      expect(
        files.some((file) => /\/assets\/templates-[^/]+\.js$/.test(file)),
        route,
      ).toBe(true);
    }
  });

  it("takes the form page's MUI parts in two files, so that a cold visit asks for fewer than 30 (not 55)", () => {
    const files = filesFor('/forms/sample-form') ?? [];
    expect(files.filter((file) => /\/assets\/mui-(landing|form)-[^/]+\.js$/.test(file))).toHaveLength(2);
    expect(files.length).toBeLessThan(30);
    // the dashboard, the other landing page, shares the one and not the other
    const dashboard = filesFor('/') ?? [];
    expect(dashboard.some((file) => /\/assets\/mui-landing-/.test(file))).toBe(true);
    expect(dashboard.some((file) => /\/assets\/mui-form-/.test(file))).toBe(false);
  });

  it('leaves the forms AppRoutes ranks above the generic form alone', () => {
    for (const route of ['/forms/igsn', '/forms/files-form/3', '/forms/core-form/import', '/settings/users'])
      expect(filesFor(route), route).toBeUndefined();
  });

  it('names only built files, none of them already preloaded with the entry', () => {
    const entry = new Set(entryScriptSizes().files.map((file) => `/${file}`));
    const files = routeHints().flatMap(([, list]) => list);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(existsSync(path.join(WEB_DIST, file)), file).toBe(true);
      expect(entry.has(file), file).toBe(false);
    }
  });
});
