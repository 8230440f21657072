// The MUI parts of the landing pages as two chunks (issue 18: a cold visit). Left to itself the
// bundler cuts them into one chunk per set of pages that share a part: some 30 small files of the
// form page's 55, each a request, six at a time over HTTP/1.1, and each a module boundary that gzips
// worse. Here the parts the landing pages (the form page, the dashboard) all use are one chunk, and
// the rest of the first page's another. Only MUI: what MUI imports is MUI or the entry's, while the
// app's own modules reach the shared package's index, which re-exports all of it (a group takes what
// its modules import, and would take most of the shared package with them).
import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const MUI = /[\\/]node_modules[\\/]@mui[\\/](material|icons-material|system|utils)[\\/]/;

/** A module and every module it imports statically. */
function staticGraph(graph: ModuleGraph, start: string, into: Set<string>): Set<string> {
  const stack = [start];
  while (stack.length) {
    const id = stack.pop() as string;
    if (into.has(id)) continue;
    into.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return into;
}

/** Names a module's chunk for the bundler's groups (`advancedChunks`), or leaves it (null). */
export type ChunkNamer = (id: string, graph: ModuleGraph) => string | null;

/**
 * For the landing pages' source modules (relative to `root`, the first page first): `shared` names
 * `mui-landing` for a MUI module every page's static graph holds, `first` names `mui-{name}` for one
 * the first page's holds. `shared` must rank above `first`, and the entry's own group above both.
 */
export function landingMuiChunks(
  root: string,
  name: string,
  pages: string[][],
): { shared: ChunkNamer; first: ChunkNamer } {
  let cached: { graph: ModuleGraph; graphs: Set<string>[] } | null = null;
  const holders = (id: string, graph: ModuleGraph): boolean[] => {
    if (!MUI.test(id)) return [];
    if (cached?.graph !== graph) {
      const graphs = pages.map((modules) => {
        const all = new Set<string>();
        for (const module of modules) staticGraph(graph, path.resolve(root, module), all);
        return all;
      });
      cached = { graph, graphs };
    }
    return cached.graphs.map((holds) => holds.has(id));
  };
  return {
    shared: (id, graph) => {
      const held = holders(id, graph);
      return held.length > 0 && held.every(Boolean) ? 'mui-landing' : null;
    },
    first: (id, graph) => (holders(id, graph)[0] ? `mui-${name}` : null),
  };
}
