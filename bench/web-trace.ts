// `npm run bench:web -- --trace`: where the main thread's time goes in a step (a save, a create),
// from a Chrome trace of the page (CDP Tracing: timeline and JS samples) and React's commits (the
// DevTools hook, which production builds call too). Function and component names read best from a
// build without minification (`npx vite build --minify false` in packages/web, then `--no-build`).
import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

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

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Commit {
  at: number;
  rendered: number;
  names: Record<string, number>;
}

/**
 * Counts, at each React commit, the components whose function ran (React's PerformedWork flag),
 * descending only where children were reconciled. Installed before the app loads.
 */
export async function watchReactCommits(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    interface Fiber {
      tag: number;
      flags: number;
      type: unknown;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
    }
    const commits: Commit[] = [];
    (window as unknown as { benchCommits: Commit[] }).benchCommits = commits;
    const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
    const nameOf = (fiber: Fiber): string => {
      const type = fiber.type as { displayName?: string; name?: string; type?: { name?: string }; render?: { name?: string } };
      return type.displayName ?? type.name ?? type.type?.name ?? type.render?.name ?? '(anonymous)';
    };
    const walk = (fiber: Fiber, names: Record<string, number>): number => {
      let count = 0;
      const stack: Fiber[] = [fiber];
      while (stack.length > 0) {
        const node = stack.pop() as Fiber;
        if (COMPONENT_TAGS.has(node.tag) && (node.flags & 1) === 1) {
          count++;
          const name = nameOf(node);
          names[name] = (names[name] ?? 0) + 1;
        }
        if (node.sibling) stack.push(node.sibling);
        // an untouched subtree keeps the children of the last commit
        if (node.child && !(node.alternate && node.child === node.alternate.child)) stack.push(node.child);
      }
      return count;
    };
    let renderers = 0;
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => ++renderers,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        const names: Record<string, number> = {};
        const at = performance.now();
        commits.push({ at, rendered: walk(root.current, names), names });
      },
    };
  });
}

/** Runs `step` under a Chrome trace; returns its result and a summary (and writes the trace when asked). */
export async function traced<T>(
  page: Page,
  label: string,
  step: () => Promise<T>,
  file?: string,
): Promise<{ result: T; summary: string }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
    transferMode: 'ReportEvents',
  });
  await page.evaluate(() => ((window as unknown as { benchCommits?: unknown[] }).benchCommits ??= []).splice(0));
  const result = await step();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const commits = await page.evaluate(
    ([start]) => {
      const marks = performance.getEntriesByName(start, 'mark');
      const from = marks.at(-1)?.startTime ?? 0;
      const all = (window as unknown as { benchCommits?: Commit[] }).benchCommits ?? [];
      return all.map((commit) => ({ ...commit, at: commit.at - from }));
    },
    [STEP_START_MARK] as const,
  );
  if (file) writeFileSync(file, JSON.stringify({ traceEvents: events }));
  return { result, summary: summarise(label, events, commits) };
}

const ms = (microseconds: number) => (microseconds / 1000).toFixed(1);

function summarise(label: string, events: TraceEvent[], commits: Commit[]): string {
  const start = events.findLast((e) => e.name === STEP_START_MARK);
  const end = events.findLast((e) => e.name === STEP_END_MARK);
  if (!start || !end) return `${label}: the step's marks are not in the trace`;
  const { pid, tid } = start;
  const from = start.ts;
  const to = end.ts;
  const lines = [`\n=== ${label}: ${ms(to - from)} ms from the click to the confirmation seen ===`];
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const clipped = (e: TraceEvent) => Math.max(0, Math.min(e.ts + (e.dur ?? 0), to) - Math.max(e.ts, from));
  const total = (test: (name: string) => boolean) =>
    onMain.filter((e) => test(e.name)).reduce((sum, e) => sum + clipped(e), 0);

  const busy = total((name) => name === 'RunTask' || name === 'ThreadControllerImpl::RunTask');
  const style = total((name) => name === 'UpdateLayoutTree' || name === 'RecalculateStyles');
  const layout = total((name) => name === 'Layout');
  const paint = total((name) => ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'Commit'].includes(name));
  const gc = total((name) => /GC|GarbageCollect/.test(name));
  lines.push(
    `main thread busy ${ms(busy)} ms of ${ms(to - from)}: style ${ms(style)}, layout ${ms(layout)}, paint ${ms(paint)}, GC ${ms(gc)}, script and the rest ${ms(busy - style - layout - paint - gc)}`,
  );

  lines.push('tasks over 4 ms (start after the click, duration, what ran):');
  for (const task of onMain.filter((e) => /RunTask$/.test(e.name) && clipped(e) > 4000)) {
    const inner = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && (e.dur ?? 0) > 1000,
    );
    const kinds = [...new Set(inner.map((e) => `${e.name}${typeof e.args?.data?.type === 'string' ? `(${e.args.data.type})` : ''}`))];
    lines.push(`  +${ms(task.ts - from).padStart(6)}  ${ms(task.dur ?? 0).padStart(6)} ms  ${kinds.slice(0, 8).join(', ')}`);
  }

  lines.push('requests (sent → finished, after the click):');
  const sent = events.filter((e) => e.name === 'ResourceSendRequest' && e.ts >= from && e.ts <= to + 2_000_000);
  for (const request of sent) {
    const requestId = request.args?.data?.requestId;
    const finish = events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === requestId);
    const url = String(request.args?.data?.url ?? '').replace(/^https?:\/\/[^/]+/, '');
    lines.push(
      `  +${ms(request.ts - from).padStart(6)} → ${finish ? `+${ms(finish.ts - from)}` : '?'}  ${String(request.args?.data?.requestMethod ?? '')} ${url.slice(0, 110)}`,
    );
  }

  lines.push(...jsProfile(events, pid, tid, from, to));

  const inStep = commits.filter((commit) => commit.at >= 0 && commit.at <= (to - from) / 1000);
  lines.push(`React commits in the step: ${String(inStep.length)}`);
  for (const commit of inStep) {
    const top = Object.entries(commit.names)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name, count]) => `${name}×${String(count)}`);
    lines.push(`  +${commit.at.toFixed(1).padStart(6)}  ${String(commit.rendered).padStart(5)} components: ${top.join(' ')}`);
  }
  return lines.join('\n');
}

/** JS time by function (self) and by the components and React phases on the stack (inclusive). */
function jsProfile(events: TraceEvent[], pid: number, tid: number, from: number, to: number): string[] {
  // the Profile event names the thread sampled; some builds emit it from the sampler's thread
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  const profile = profiles.findLast((e) => e.tid === tid) ?? profiles.at(-1);
  if (!profile) return ['(no JS samples in the trace)'];
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; ts: number }[] = [];
  let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((node, index) => {
      ts += deltas[index] ?? 0;
      samples.push({ node, ts });
    });
  }
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const labelOf = (node: ProfileNode) => {
    const { functionName, url = '', lineNumber } = node.callFrame;
    const file = url.split('/').pop() ?? '';
    return `${functionName || '(anonymous)'}${file ? ` ${file}:${String(lineNumber + 1)}` : ''}`;
  };
  samples.forEach((sample, index) => {
    if (sample.ts < from || sample.ts > to) return;
    const next = samples[index + 1];
    const weight = next ? Math.min(next.ts - sample.ts, 5000) : 0;
    const node = nodes.get(sample.node);
    if (!node || ['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)) return;
    self.set(labelOf(node), (self.get(labelOf(node)) ?? 0) + weight);
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
  ];
}
