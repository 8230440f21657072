// `npm run bench:web-waterfall [-- --samples N --no-build --form sample --reloads 3 --scripts]`: the requests a
// signed-in user's browser makes before the form's first rows, each with its start and end (ms since
// navigation start, as the browser's resource timing saw them), after a cold navigation and a few
// reloads. It shows which calls wait for which (the serial chain of issue 18) and when the rows
// appear; like bench/web.ts it asserts nothing.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Page, type Request, chromium } from 'playwright-core';
import { findChromium } from '../e2e/support/env';
import { startServer } from '../e2e/support/server';
import { BENCH_ADMIN, prepareDataset } from './dataset';
import { rowsShownAt } from './web-probes';

const REPO_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '1000000' },
    'no-build': { type: 'boolean', default: false },
    form: { type: 'string', default: 'sample' },
    reloads: { type: 'string', default: '3' },
    scripts: { type: 'boolean', default: false },
  },
});

interface Call {
  what: string;
  start: number;
  end: number;
}

/** The API calls of the page (app, auth, records, templates), with their query shortened; with `--scripts` the JS too. */
function callName(url: string): string | null {
  const { pathname, searchParams } = new URL(url);
  if (args.scripts && pathname.endsWith('.js')) return `  js ${path.basename(pathname)}`;
  const api = /\/(?:api\/v1|cg\/api)\/(.+)$/.exec(pathname);
  if (!api) return null;
  const name = searchParams.get('name');
  const page = searchParams.get('page');
  return `${api[1]}${name ? ` ${name}` : ''}${page ? ` p${page}` : ''}`;
}

/** Loads the page (`go`), waits for the rows and the network to settle, answers the calls in start order. */
async function waterfall(page: Page, go: () => Promise<unknown>): Promise<{ rows: number; calls: Call[] }> {
  const finished: { what: string; startTime: number; responseEnd: number }[] = [];
  const onFinished = (request: Request) => {
    const what = callName(request.url());
    if (!what) return;
    const timing = request.timing();
    finished.push({ what, startTime: timing.startTime, responseEnd: timing.responseEnd });
  };
  page.on('requestfinished', onFinished);
  await go();
  const rows = await rowsShownAt(page);
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const calls = finished
    .map((call) => ({
      what: call.what,
      start: call.startTime - origin,
      end: call.startTime - origin + call.responseEnd,
    }))
    .sort((a, b) => a.start - b.start);
  return { rows, calls };
}

function print(label: string, { rows, calls }: { rows: number; calls: Call[] }): void {
  console.log(`\n${label}: first rows at ${rows.toFixed(0)} ms`);
  for (const call of calls)
    console.log(
      `  ${call.start.toFixed(0).padStart(6)} → ${call.end.toFixed(0).padStart(6)}  ${call.what}${call.start > rows ? '  (after the rows)' : ''}`,
    );
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH or install chromium)');
  if (!args['no-build']) {
    console.log('building the web app …');
    const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataset = await prepareDataset({
    samples: Number(args.samples),
    runDir: path.join(os.tmpdir(), `mdis-bench-waterfall-${String(process.pid)}`),
    log: (line) => console.log(line),
  });
  const server = await startServer({ env: { DATABASE_URL: dataset.databaseUrl }, label: 'mdis-bench-waterfall' });
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const response = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const user = JSON.stringify(await response.json());
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 860 } });
    await context.addInitScript((stored) => {
      if (!localStorage.getItem('user')) localStorage.setItem('user', stored);
    }, user);
    const page = await context.newPage();
    print('cold navigation', await waterfall(page, () => page.goto(`/#/forms/${args.form}-form`)));
    for (let run = 1; run <= Number(args.reloads); run++)
      print(`reload ${String(run)}`, await waterfall(page, () => page.reload()));
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await dataset.cleanUp();
  }
}

await main();
