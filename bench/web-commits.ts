// `npm run bench:web-commits [-- --samples N --no-build --form sample --after 300]`: every React commit of a
// cold navigation and of a reload of the form, up to `--after` ms past its first rows: when it came, how
// many components rendered in it, where its render started (the components that rendered while their
// parent did not: a state, context or store change) and the components with the most rendered below them.
// Deterministic where wall-clock figures on a shared 2-core machine are not: a change that makes the
// first screen render fewer components shows here at once (issue 18). It reads the commits through the
// hook React offers its developer tools, installed before the app runs; names read best from a build
// without minification (`npx vite build --minify false` in packages/web, then `--no-build`). The log's
// own walk over each commit takes time (~0.05 ms per component): the times say the order of things,
// not how long they take. Asserts nothing.
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { freshContext, openWebStage } from './web-stage';
import { rowsShownAt } from './web-probes';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '1000000' },
    'no-build': { type: 'boolean', default: false },
    form: { type: 'string', default: 'sample' },
    after: { type: 'string', default: '300' },
  },
});

interface Commit {
  at: number;
  rendered: number;
  rows: number;
  origins: string[];
  heaviest: [name: string, rendered: number][];
}

interface Fiber {
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

type CommitWalk = (root: { current: Fiber }) => Commit;

/** Runs in the page: a function that reads one commit, the components it rendered and where from. */
function installCommitWalk(): void {
  type Named = { displayName?: string; name?: string; render?: Named; type?: Named };
  /** React's PerformedWork flag: the component's function ran in the render being committed. */
  const PERFORMED_WORK = 1;
  /** Components that only pass their children on (MUI's style plumbing): not worth naming. */
  const PLUMBING = /^(Styled\(|Insertion$|Component$|ForwardRef$)/;
  const nameOf = (type: unknown): string => {
    const named = type as Named | null;
    return named?.displayName ?? named?.name ?? named?.render?.name ?? named?.type?.name ?? '?';
  };
  const isComponent = (fiber: Fiber) =>
    typeof fiber.type === 'function' || (typeof fiber.type === 'object' && fiber.type !== null);
  // A fiber a render did not reach is the same object as in the commit before (React clones what it renders).
  let previous = new WeakSet<Fiber>();
  const walkCommit: CommitWalk = (root) => {
    const at = Math.round(performance.now());
    const seen = new WeakSet<Fiber>();
    const origins: string[] = [];
    const below = new Map<string, number>();
    const ancestors: string[] = [];
    let rendered = 0;
    const walk = (first: Fiber | null, parentRendered: boolean) => {
      for (let fiber = first; fiber; fiber = fiber.sibling) {
        seen.add(fiber);
        const component = isComponent(fiber);
        const ran = component && !previous.has(fiber) && (fiber.flags & PERFORMED_WORK) !== 0;
        if (ran) {
          rendered += 1;
          for (const name of new Set(ancestors)) below.set(name, (below.get(name) ?? 0) + 1);
          if (!parentRendered) origins.push(nameOf(fiber.type));
        }
        const name = component ? nameOf(fiber.type) : null;
        const named = name !== null && /^[A-Z]/.test(name) && !PLUMBING.test(name);
        if (named) ancestors.push(name);
        walk(fiber.child, ran || (parentRendered && !component));
        if (named) ancestors.pop();
      }
    };
    walk(root.current.child, false);
    previous = seen;
    const rows = document.querySelectorAll('tbody tr[data-record-id]').length;
    const heaviest = [...below].sort((a, b) => b[1] - a[1]).slice(0, 60);
    return { at, rendered, rows, origins, heaviest };
  };
  (window as unknown as { __mdisCommitWalk: CommitWalk }).__mdisCommitWalk = walkCommit;
}

/** Runs in the page before the app: React calls `onCommitFiberRoot` after each commit once a hook is there. */
function installCommitLog(): void {
  const log: Commit[] = [];
  const page = window as unknown as { __mdisCommits: Commit[]; __mdisCommitWalk: CommitWalk };
  page.__mdisCommits = log;
  let nextRendererId = 1;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => nextRendererId++,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    setStrictMode: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => log.push(page.__mdisCommitWalk(root)),
  };
}

function print(label: string, rowsAt: number, commits: Commit[], after: number): void {
  console.log(`\n=== ${label}: first rows at ${rowsAt.toFixed(0)} ms`);
  for (const commit of commits.filter((c) => c.at <= rowsAt + after)) {
    const origins = [...new Set(commit.origins)].slice(0, 8).join(', ');
    console.log(
      `${String(commit.at).padStart(6)} ms  ${String(commit.rendered).padStart(5)} rendered  rows ${String(commit.rows)}  from: ${origins}`,
    );
    // the innermost of the components holding most of the render: where its size comes from
    const heavy = commit.heaviest.filter(
      ([, n]) => n >= Math.max(20, commit.rendered / 20) && n < commit.rendered * 0.9,
    );
    if (heavy.length > 0) console.log(`          ${heavy.map(([name, n]) => `${name} ${String(n)}`).join(', ')}`);
  }
}

async function commitsOf(page: Page): Promise<Commit[]> {
  return page.evaluate(() => (window as unknown as { __mdisCommits: Commit[] }).__mdisCommits.splice(0));
}

async function main(): Promise<void> {
  const stage = await openWebStage({
    samples: Number(args.samples),
    build: !args['no-build'],
    label: 'mdis-bench-web-commits',
  });
  const after = Number(args.after);
  const formPath = `/forms/${args.form}-form`;
  try {
    const context = await freshContext(stage.browser, stage.baseUrl, stage.user);
    // tsx keeps function names with a helper (`__name`) the page does not have
    await context.addInitScript('globalThis.__name ??= (fn) => fn;');
    await context.addInitScript(installCommitWalk);
    await context.addInitScript(installCommitLog);
    const page = await context.newPage();
    await page.goto(`/#${formPath}`);
    const coldRows = await rowsShownAt(page);
    await page.waitForTimeout(after + 3000);
    print('cold navigation', coldRows, await commitsOf(page), after);
    await page.reload();
    const reloadRows = await rowsShownAt(page);
    await page.waitForTimeout(after + 500);
    print('reload', reloadRows, await commitsOf(page), after);
    await context.close();
  } finally {
    await stage.close();
  }
}

await main();
