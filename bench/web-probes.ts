// What bench/web.ts measures in the page: the records API calls a step makes, and the moments the
// table shows rows or a confirmation, taken with performance.now() in the page (polled each frame).
import type { Locator, Page, Request } from 'playwright-core';
import { STEP_END_MARK, STEP_START_MARK } from './web-trace';

export const ROWS = 'tbody tr[data-record-id]';
const TIMEOUT_MS = 60_000;

/** The list and write calls of the records API a page makes, with their timing, while a step runs. */
export function watchApi(page: Page) {
  let calls: { url: string; method: string; ms: number; endAt: number }[] = [];
  page.on('requestfinished', (request: Request) => {
    const url = request.url();
    if (!/\/api\/v1\/form(\/\d+)?\?/.test(url)) return;
    const timing = request.timing();
    calls.push({ url, method: request.method(), ms: timing.responseEnd, endAt: timing.startTime + timing.responseEnd });
  });
  return {
    reset: () => (calls = []),
    /** The longest matching call since the last reset (the list call; ids-only calls included). */
    longest: (test: (call: { url: string; method: string }) => boolean) =>
      Math.max(0, ...calls.filter(test).map((call) => call.ms)),
    all: () => calls,
  };
}

export const isList = (call: { url: string; method: string }) =>
  call.method === 'GET' && /\/api\/v1\/form\?/.test(call.url);
export const isWrite = (call: { method: string }) => call.method === 'POST' || call.method === 'PUT';

/**
 * Milliseconds since navigation start when the table shows at least `min` rows (or `1-min of` rows);
 * the moment is marked for a trace of the step (bench/web-trace.ts).
 */
export async function rowsShownAt(page: Page, min = 1): Promise<number> {
  const handle = await page.waitForFunction(
    ([selector, wanted, endMark]) => {
      const rows = document.querySelectorAll(selector).length;
      // A virtualized table keeps only the rows in view in the page: its pagination says the rest.
      // material-react-table writes it as a plain span ("1-200 of 2,000"), without MUI's class.
      const range = new RegExp(`^1[-–]${String(wanted)} of`);
      const full =
        rows >= wanted ||
        (rows > 0 && [...document.querySelectorAll('span')].some((span) => range.test(span.textContent)));
      return full ? performance.mark(endMark).startTime : 0;
    },
    [ROWS, min, STEP_END_MARK] as const,
    { polling: 'raf', timeout: TIMEOUT_MS },
  );
  return await handle.jsonValue();
}

async function firstRowIds(page: Page): Promise<string> {
  return page.evaluate(
    (selector) => [...document.querySelectorAll(selector)].map((row) => row.getAttribute('data-record-id')).join(','),
    ROWS,
  );
}

/** Clicks in the page (no driver round trip in the figure) and waits until the rows differ from before. */
export async function clickToNewRows(page: Page, target: Locator): Promise<number> {
  const before = await firstRowIds(page);
  await target.evaluate((element, startMark) => {
    (window as unknown as { benchStart: number }).benchStart = performance.mark(startMark).startTime;
    (element as HTMLElement).click();
  }, STEP_START_MARK);
  const handle = await page.waitForFunction(
    ([selector, old, endMark]) => {
      const ids = [...document.querySelectorAll(selector)].map((row) => row.getAttribute('data-record-id')).join(',');
      return ids && ids !== old
        ? performance.mark(endMark).startTime - (window as unknown as { benchStart: number }).benchStart
        : 0;
    },
    [ROWS, before, STEP_END_MARK] as const,
    { polling: 'raf', timeout: TIMEOUT_MS },
  );
  return await handle.jsonValue();
}

/** Clicks Save in the page and waits for the confirmation text in a snackbar. */
export async function saveToConfirmation(page: Page, message: string): Promise<number> {
  await page
    .getByRole('toolbar', { name: 'Record actions' })
    .getByRole('button', { name: 'Save', exact: true })
    .evaluate((element, startMark) => {
      (window as unknown as { benchStart: number }).benchStart = performance.mark(startMark).startTime;
      (element as HTMLElement).click();
    }, STEP_START_MARK);
  const handle = await page.waitForFunction(
    ([text, endMark]) =>
      [...document.querySelectorAll('.MuiSnackbar-root')].some((node) => node.textContent.includes(text))
        ? performance.mark(endMark).startTime - (window as unknown as { benchStart: number }).benchStart
        : 0,
    [message, STEP_END_MARK] as const,
    { polling: 'raf', timeout: TIMEOUT_MS },
  );
  return await handle.jsonValue();
}
