// The JS self time of a traced step by source module: which library or file of ours a cold visit
// pays for (issue 18). It needs a build without minification (`npx vite build --minify false` in
// packages/web, then `--no-build`): such a build keeps a `// path/of/module.js` line before each
// module's code, which names the module a sampled line belongs to. A minified build has none, and
// this prints nothing. A function's self time includes its compiling on its first call. The profile
// names a function by the line it starts on: a chunk's top-level code (its modules' evaluation,
// and what they run then) is the function on its first line, shown as the chunk's top level.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from '../e2e/support/entry-scripts';

const MODULE_LINE = /^\/\/ ((?:\.\.\/)*(?:src|shared\/src|node_modules)\/\S+)$/;

/** For a built file: the first line of each module in it (0-based), in order; empty when minified. */
function moduleStarts(file: string): { line: number; module: string }[] {
  let source: string;
  try {
    source = readFileSync(path.join(WEB_DIST, file), 'utf8');
  } catch {
    return [];
  }
  const starts: { line: number; module: string }[] = [];
  source.split('\n').forEach((text, line) => {
    const module = MODULE_LINE.exec(text)?.[1];
    if (module) starts.push({ line, module: module.replace(/^(\.\.\/)*node_modules\//, '') });
  });
  return starts;
}

/** The module of a function starting on a line of a built file, or the file where the build named none. */
function moduleOf(starts: { line: number; module: string }[], file: string, line: number): string {
  if (line === 0) return `${file} (top level)`;
  return starts.findLast((start) => start.line <= line)?.module ?? file;
}

/** Counts a sample's weight (µs) to the built script and line of its function, for selfTimeByModule. */
export function addSelfTime(
  selfByLine: Map<string, Map<number, number>>,
  { url, lineNumber }: { url?: string; lineNumber: number },
  weight: number,
): void {
  if (!url?.includes('/assets/')) return;
  const lines = selfByLine.get(url) ?? new Map<number, number>();
  lines.set(lineNumber, (lines.get(lineNumber) ?? 0) + weight);
  selfByLine.set(url, lines);
}

/**
 * Self time (µs) keyed by a sampled script's URL and 0-based line, summed by source module; the
 * top `count` lines to print, or none when no script of the step names its modules.
 */
export function selfTimeByModule(selfByLine: Map<string, Map<number, number>>, count = 25): string[] {
  const byModule = new Map<string, number>();
  let named = false;
  for (const [url, lines] of selfByLine) {
    const file = new URL(url).pathname;
    const starts = moduleStarts(file);
    named ||= starts.length > 0;
    for (const [line, us] of lines) {
      const module = moduleOf(starts, path.basename(file), line);
      byModule.set(module, (byModule.get(module) ?? 0) + us);
    }
  }
  if (!named) return [];
  return [
    'JS by source module, self time (an unminified build):',
    ...[...byModule]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([module, us]) => `  ${(us / 1000).toFixed(1).padStart(7)} ms  ${module}`),
  ];
}
