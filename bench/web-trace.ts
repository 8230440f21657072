// `npm run bench:web -- --trace`: where the main thread's time goes in a step (a reload, a re-sort, a save, a create),
// from a Chrome trace of the page (CDP Tracing: timeline and JS samples). Function and component
// names read best from a build without minification (`npx vite build --minify false` in
// packages/web, then `--no-build`), which also gives the JS time by source module (web-trace-modules.ts).
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { addSelfTime, selfTimeByModule } from './web-trace-modules';

/** The marks the probes set in the page around a step (bench/web-probes.ts). */
export const STEP_START_MARK = 'bench:step-start';
export const STEP_END_MARK = 'bench:step-end';

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event: what the thread ran, not how long it waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number };
}

/** Runs `step` under a Chrome trace; returns its result and a summary (and writes the trace when asked). */
export async function traced<T>(
  page: Page,
  label: string,
  step: () => Promise<T>,
  file?: string,
  summariseEvents: (label: string, events: TraceEvent[], result: T) => string = summarise,
): Promise<{ result: T; summary: string }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
    transferMode: 'ReportEvents',
  });
  const result = await step();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  if (file) writeFileSync(file, JSON.stringify({ traceEvents: events }));
  return { result, summary: summariseEvents(label, events, result) };
}

export const ms = (microseconds: number) => (microseconds / 1000).toFixed(1);

export interface Step {
  pid: number;
  tid: number;
  from: number;
  to: number;
  /** Complete events on the page's main thread. */
  onMain: TraceEvent[];
}

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);

function summarise(label: string, events: TraceEvent[]): string {
  // a reload has no click to mark: its step starts where the new document's navigation does
  const startMark =
    events.findLast((e) => e.name === STEP_START_MARK) ??
    events.findLast((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame === true);
  const endMark = events.findLast((e) => e.name === STEP_END_MARK);
  if (!startMark || !endMark) return `${label}: the step's marks are not in the trace`;
  const { pid, tid } = startMark;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const step: Step = { pid, tid, from: startMark.ts, to: endMark.ts, onMain };
  return [
    `\n=== ${label}: ${ms(step.to - step.from)} ms from the click to its result seen ===`,
    mainThread(step),
    ...longTasks(step),
    ...requests(events, step),
    ...jsProfile(events, step),
  ].join('\n');
}

/** How long the main thread was busy in the step, and with what (nested events counted once). */
export function mainThread({ from, to, onMain }: Step): string {
  const total = (test: (name: string) => boolean) => {
    let covered = 0;
    let reached = from;
    for (const e of onMain.filter((event) => test(event.name)).sort((a, b) => a.ts - b.ts)) {
      const start = Math.max(e.ts, reached);
      const stop = Math.min(end(e), to);
      if (stop > start) covered += stop - start;
      reached = Math.max(reached, stop);
    }
    return covered;
  };
  const busy = total((name) => name === 'RunTask' || name === 'ThreadControllerImpl::RunTask');
  const style = total((name) => name === 'UpdateLayoutTree' || name === 'RecalculateStyles');
  const layout = total((name) => name === 'Layout');
  const paint = total((name) => ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'Commit'].includes(name));
  const gc = total((name) => /GC|GarbageCollect/.test(name));
  const rest = busy - style - layout - paint - gc;
  // On a loaded machine wall time waits for a core; the tasks' thread time is what the page cost
  // (the click's own task included: it began just before the step's start mark).
  const cpu = onMain
    .filter((e) => /RunTask$/.test(e.name) && end(e) > from && e.ts < to)
    .filter(
      (task, _, tasks) => !tasks.some((outer) => outer !== task && outer.ts <= task.ts && end(task) <= end(outer)),
    )
    .reduce((sum, task) => sum + (task.tdur ?? 0), 0);
  return [
    `main thread busy ${ms(busy)} ms of ${ms(to - from)}: style ${ms(style)}, layout ${ms(layout)}, paint ${ms(paint)}, GC ${ms(gc)}, script and the rest ${ms(rest)}`,
    `main thread CPU (thread time of the tasks in the step) ${ms(cpu)} ms`,
  ].join('\n');
}

/** The tasks over 4 ms (outermost only), with what ran inside them. */
export function longTasks({ from, to, onMain }: Step): string[] {
  const clipped = (e: TraceEvent) => Math.max(0, Math.min(end(e), to) - Math.max(e.ts, from));
  const tasks = onMain.filter((e) => /RunTask$/.test(e.name) && clipped(e) > 4000);
  const inside = (inner: TraceEvent, outer: TraceEvent) =>
    inner !== outer && inner.ts >= outer.ts && end(inner) <= end(outer);
  const outermost = tasks.filter(
    (task) => !tasks.some((other) => inside(task, other) && (other.dur ?? 0) > (task.dur ?? 0)),
  );
  return [
    'tasks over 4 ms (start after the click, duration, what ran):',
    ...outermost.map((task) => {
      const inner = onMain.filter((e) => inside(e, task) && (e.dur ?? 0) > 1000);
      const kinds = [
        ...new Set(inner.map((e) => `${e.name}${text(e.args?.data?.type) ? `(${text(e.args?.data?.type)})` : ''}`)),
      ];
      return `  +${ms(task.ts - from).padStart(6)}  ${ms(task.dur ?? 0).padStart(6)} ms  ${kinds.slice(0, 8).join(', ')}`;
    }),
  ];
}

/** The requests sent in the step (or up to 2 s after it), when sent and finished. */
export function requests(events: TraceEvent[], { from, to }: Step): string[] {
  const sent = events.filter((e) => e.name === 'ResourceSendRequest' && e.ts >= from && e.ts <= to + 2_000_000);
  return [
    'requests (sent → finished, after the click):',
    ...sent.map((request) => {
      const requestId = request.args?.data?.requestId;
      const finish = events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === requestId);
      const url = text(request.args?.data?.url).replace(/^https?:\/\/[^/]+/, '');
      const method = text(request.args?.data?.requestMethod);
      return `  +${ms(request.ts - from).padStart(6)} → ${finish ? `+${ms(finish.ts - from)}` : '?'}  ${method} ${url.slice(0, 110)}`;
    }),
  ];
}

/** The JS samples of the main thread's profile (the node each sample hit and when), or null when none. */
function profileSamples(events: TraceEvent[], pid: number, tid: number) {
  // the Profile event names the thread sampled; some builds emit it from the sampler's thread
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  const profile = profiles.findLast((e) => e.tid === tid) ?? profiles.at(-1);
  if (!profile) return null;
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; ts: number }[] = [];
  let ts = (profile.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
    const data = chunk.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((node, index) => {
      ts += deltas[index] ?? 0;
      samples.push({ node, ts });
    });
  }
  return { nodes, samples };
}

/** JS time by function (self) and by the components and React phases on the stack (inclusive). */
export function jsProfile(events: TraceEvent[], { pid, tid, from, to }: Step): string[] {
  const profile = profileSamples(events, pid, tid);
  if (!profile) return ['(no JS samples in the trace)'];
  const { nodes, samples } = profile;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const selfByLine = new Map<string, Map<number, number>>();
  const labelOf = (node: ProfileNode) => {
    const { functionName, url = '', lineNumber } = node.callFrame;
    const file = url.split('/').pop() ?? '';
    return `${functionName || '(anonymous)'}${file ? ` ${file}:${String(lineNumber + 1)}` : ''}`;
  };
  samples.forEach((sample, index) => {
    if (sample.ts < from || sample.ts > to) return;
    const next = samples.at(index + 1);
    const weight = next ? Math.min(next.ts - sample.ts, 5000) : 0;
    const node = nodes.get(sample.node);
    if (!node || ['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)) return;
    self.set(labelOf(node), (self.get(labelOf(node)) ?? 0) + weight);
    addSelfTime(selfByLine, node.callFrame, weight);
    const seen = new Set<string>();
    for (let at: ProfileNode | undefined = node; at; at = at.parent === undefined ? undefined : nodes.get(at.parent)) {
      const name = at.callFrame.functionName;
      if (name && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
      }
    }
  });
  const top = (map: Map<string, number>, count: number, test: (name: string) => boolean = () => true) =>
    [...map]
      .filter(([name]) => test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => `  ${ms(us).padStart(7)} ms  ${name}`);
  const REACT_PHASES =
    /^(performWorkOnRoot|renderRootSync|renderRootConcurrent|commitRoot|commitRootImpl|flushPassiveEffects|flushSyncWorkAcrossRoots_impl|performWorkUntilDeadline|processRootScheduleInMicrotask|commitMutationEffects|commitLayoutEffects|recursivelyTraversePassiveMountEffects|beginWork|completeWork)$/;
  return [
    'JS by function, self time:',
    ...top(self, 15),
    'React phases (inclusive):',
    ...top(inclusive, 12, (name) => REACT_PHASES.test(name)),
    'components and hooks on the stack (inclusive; capitalised or use*):',
    ...top(inclusive, 30, (name) => /^([A-Z][A-Za-z0-9]+|use[A-Z]\w+)$/.test(name)),
    ...selfTimeByModule(selfByLine),
  ];
}
