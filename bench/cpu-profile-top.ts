// `node --import tsx bench/cpu-profile-top.ts FILE.cpuprofile [--by file|function] [--top N]`: where a
// V8 CPU profile (node --cpu-prof, e.g. from `npm run bench:import -- --cpu-prof DIR`) spent its
// time, as self time summed per function (default) or per file, the largest first.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { by: { type: 'string', default: 'function' }, top: { type: 'string', default: '40' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: cpu-profile-top.ts FILE.cpuprofile [--by file|function] [--top N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

/** A short file name: the path below node_modules or packages, else the last two segments. */
function shortUrl(url: string): string {
  const below = /(?:node_modules|packages)\/(.*)$/.exec(url);
  return below?.[1] ?? (url.split('/').slice(-2).join('/') || '(native)');
}

const keyOf = new Map<number, string>();
for (const { id, callFrame } of profile.nodes) {
  const where = shortUrl(callFrame.url);
  keyOf.set(
    id,
    args.by === 'file'
      ? where
      : `${callFrame.functionName || '(anonymous)'} ${where}:${String(callFrame.lineNumber + 1)}`,
  );
}
const micros = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const key = keyOf.get(id) ?? '?';
  micros.set(key, (micros.get(key) ?? 0) + delta);
  total += delta;
});
const top = [...micros].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top));
console.log(`total ${(total / 1e6).toFixed(2)} s`);
for (const [key, us] of top)
  console.log(`${(us / 1e6).toFixed(2).padStart(8)} s ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
