// `npm run bench:web -- --trace`: where the time of the cold navigation goes, from navigation start to
// the first table rows: the requests in order (the waterfall of documents, scripts and API calls),
// the main thread's work, and the compiling and running of each script.
import { type Step, type TraceEvent, end, jsProfile, longTasks, mainThread, ms, requests, text } from './web-trace';

/** The events of the step's main thread that compile or run a script, by the script's file. */
const SCRIPT_WORK = new Set([
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'EvaluateScript',
  'v8.produceModuleCache',
]);

function scriptFile(e: TraceEvent): string {
  const data = e.args?.data as { url?: unknown; fileName?: unknown } | undefined;
  const url = text(data?.url) || text(data?.fileName) || text((e.args as { fileName?: unknown } | undefined)?.fileName);
  return url.replace(/^https?:\/\/[^/]+/, '') || '(no url)';
}

/** Compile and evaluation time per script (outermost events, clipped to the step). */
function scripts({ from, to, onMain }: Step): string[] {
  const byFile = new Map<string, { compile: number; run: number; at: number }>();
  for (const e of onMain.filter((event) => SCRIPT_WORK.has(event.name))) {
    const clipped = Math.max(0, Math.min(end(e), to) - Math.max(e.ts, from));
    if (!clipped) continue;
    const file = scriptFile(e);
    const entry = byFile.get(file) ?? { compile: 0, run: 0, at: e.ts - from };
    if (/compile|Cache/.test(e.name)) entry.compile += clipped;
    else entry.run += clipped;
    byFile.set(file, entry);
  }
  return [
    'scripts compiled and run on the main thread (first at, compile, run; nested counted in both):',
    ...[...byFile]
      .sort((a, b) => a[1].at - b[1].at)
      .filter(([, t]) => t.compile + t.run > 500)
      .map(
        ([file, t]) =>
          `  +${ms(t.at).padStart(6)}  ${ms(t.compile).padStart(6)} ms  ${ms(t.run).padStart(6)} ms  ${file.slice(0, 90)}`,
      ),
  ];
}

/** Summary of a navigation traced from its start to `shownAtMs` (ms after the page's time origin). */
export function summariseNavigation(label: string, events: TraceEvent[], shownAtMs: number): string {
  // the renderer that fetched the app's scripts; its last navigation start before them
  const firstScript = events.find(
    (e) => e.name === 'ResourceSendRequest' && text(e.args?.data?.url).includes('/assets/'),
  );
  const start = events.findLast(
    (e) => e.name === 'navigationStart' && e.pid === firstScript?.pid && e.ts <= firstScript.ts,
  );
  if (!start) return `${label}: no navigationStart in the trace`;
  const { pid, tid } = start;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const step: Step = { pid, tid, from: start.ts, to: start.ts + shownAtMs * 1000, onMain };
  return [
    `\n=== ${label}: ${ms(step.to - step.from)} ms from navigation start to the first rows ===`,
    mainThread(step),
    ...requests(events, step),
    ...scripts(step),
    ...longTasks(step),
    ...jsProfile(events, step),
  ].join('\n');
}
