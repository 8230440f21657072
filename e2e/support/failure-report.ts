import type { Page, Request } from 'playwright-core';

// What a page was doing when a test failed, printed into the test log: a rare CI failure (a form that
// showed no rows and then no toolbar for a minute and a half, 2026-11-28) passed every time it was
// run again, and left nothing to tell an app error from a server that did not answer.

/** The last console errors kept per page. */
const MAX_CONSOLE_ERRORS = 20;
/** Waited at most for a page's text: a page whose main thread is stuck answers nothing. */
const EVALUATE_TIMEOUT_MS = 3_000;

export interface PageWatch {
  /** A few lines: the page's address and text, its console errors, its requests still unanswered or failed. */
  report: () => Promise<string>;
}

/** Starts watching a page's console and requests (from its opening on). */
export function watchPage(page: Page): PageWatch {
  const consoleErrors: string[] = [];
  const pending = new Map<Request, number>();
  const failed: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    consoleErrors.push(message.text().slice(0, 300));
    if (consoleErrors.length > MAX_CONSOLE_ERRORS) consoleErrors.shift();
  });
  page.on('request', (request) => pending.set(request, Date.now()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });
  return {
    report: async () => {
      const text = await Promise.race([
        page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 500)),
        new Promise<string>((resolve) =>
          setTimeout(() => resolve('(no answer: the page is busy)'), EVALUATE_TIMEOUT_MS),
        ),
      ]).catch((error: unknown) => `(unreadable: ${String(error)})`);
      const now = Date.now();
      const waiting = [...pending].map(
        ([request, since]) => `${request.method()} ${request.url()} (${String(now - since)} ms)`,
      );
      return [
        `page ${page.url()}`,
        `  text: ${text}`,
        `  console errors: ${consoleErrors.length > 0 ? consoleErrors.join(' | ') : 'none'}`,
        `  requests unanswered: ${waiting.length > 0 ? waiting.join(', ') : 'none'}`,
        `  requests failed: ${failed.length > 0 ? failed.slice(-10).join(', ') : 'none'}`,
      ].join('\n');
    },
  };
}
