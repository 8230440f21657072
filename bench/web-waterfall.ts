// `npm run bench:web-waterfall [-- --samples N --no-build --form sample --reloads 3 --scripts]`: the requests a
// signed-in user's browser makes before the form's first rows, each with its start and end (ms since
// navigation start, as the browser's resource timing saw them), after a cold navigation and a few
// reloads. It shows which calls wait for which (the serial chain of issue 18) and when the rows
// appear; like bench/web.ts it asserts nothing.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freshContext, openWebStage } from './web-stage';
import type { Page, Request } from 'playwright-core';
import { rowsShownAt } from './web-probes';

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
  const stage = await openWebStage({
    samples: Number(args.samples),
    build: !args['no-build'],
    label: 'mdis-bench-waterfall',
  });
  try {
    const context = await freshContext(stage.browser, stage.baseUrl, stage.user);
    const page = await context.newPage();
    print('cold navigation', await waterfall(page, () => page.goto(`/#/forms/${args.form}-form`)));
    for (let run = 1; run <= Number(args.reloads); run++)
      print(`reload ${String(run)}`, await waterfall(page, () => page.reload()));
    await context.close();
  } finally {
    await stage.close();
  }
}

await main();
