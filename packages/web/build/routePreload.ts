// The chunks each landing page needs beyond the entry's, written into index.html for
// src/routePreload.ts, which asks for them before the entry has run (issue 18: a cold visit).
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface RouteChunks {
  /** Tested against the hash route's path (no query), e.g. `/forms/sample-form/12`. */
  pattern: RegExp;
  /** Source modules (relative to packages/web) loaded by a dynamic import on that page's way to its first screen. */
  modules: string[];
}

const SCRIPT = 'src/routePreload.ts';
export const HINTS_ATTRIBUTE = 'data-route-chunks';

function isChunk(file: OutputBundle[string] | undefined): file is OutputChunk {
  return file?.type === 'chunk';
}

/** A chunk and every chunk it imports statically, by file name. */
function staticClosure(bundle: OutputBundle, start: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[start];
  if (!isChunk(chunk) || into.has(start)) return into;
  into.add(start);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

/** For each route: the chunk files of its modules and what they import, less what the entry has already. */
export function routeChunkFiles(bundle: OutputBundle, entry: string, routes: RouteChunks[], root: string) {
  const entryFiles = staticClosure(bundle, entry);
  const chunks = Object.values(bundle).filter(isChunk);
  return routes.map(({ pattern, modules }) => {
    const files = new Set<string>();
    for (const module of modules) {
      const id = path.resolve(root, module);
      const chunk = chunks.find((c) => c.facadeModuleId === id);
      if (!chunk) throw new Error(`route preload: no chunk of its own for ${module}`);
      staticClosure(bundle, chunk.fileName, files);
    }
    return [pattern.source, [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`)] as const;
  });
}

/** Builds src/routePreload.ts as a chunk of its own and puts it and the route hints into index.html. */
export function routePreload(routes: RouteChunks[], root: string): Plugin {
  const scriptId = path.resolve(root, SCRIPT);
  return {
    name: 'mdis:route-preload',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: scriptId, name: 'route-preload' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const hints = routeChunkFiles(bundle, chunk.fileName, routes, root);
        const script = Object.values(bundle).find((file) => isChunk(file) && file.facadeModuleId === scriptId);
        if (!script) throw new Error(`route preload: ${SCRIPT} was not built`);
        // The hints ride on the script's own tag: it cannot run before its tag is parsed (and the
        // page's script-src 'self' allows no inline script).
        return [
          {
            tag: 'script',
            attrs: {
              type: 'module',
              async: true,
              crossorigin: true,
              src: `/${script.fileName}`,
              [HINTS_ATTRIBUTE]: JSON.stringify(hints),
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
