import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { SCREENSHOT_DIR, findChromium } from './env';
import { type PageWatch, watchPage } from './failure-report';

// Flags from the stack notes: no sandbox (root in CI), no GPU, and no background traffic to Google.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// Wider than the lg breakpoint (1264 px), so the navigation drawer is permanently open.
const VIEWPORT = { width: 1366, height: 860 };

export interface BrowserSession {
  browser: Browser;
  /** Opens a fresh, isolated browser context (its own storage and cookies) with one page. */
  newPage: () => Promise<Page>;
  /** Saves e2e/screenshots/<label>-<nn>-<step>.png of the page. */
  shot: (page: Page, step: string) => Promise<void>;
  /** Uncaught exceptions thrown in any page of this session. */
  pageErrors: string[];
  /** What each open page shows and waits for: printed when a test fails (failure-report.ts). */
  failureReport: () => Promise<string>;
  close: () => Promise<void>;
}

export async function openBrowser(baseUrl: string, label: string): Promise<BrowserSession> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH or install chromium)');
  // launch() gives every run a fresh temporary profile (it rejects --user-data-dir in args).
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const watches = new Map<Page, PageWatch>();
  let counter = 0;
  return {
    browser,
    pageErrors,
    newPage: async () => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      watches.set(page, watchPage(page));
      page.on('close', () => watches.delete(page));
      return page;
    },
    shot: async (page, step) => {
      counter += 1;
      const file = `${label}-${String(counter).padStart(2, '0')}-${step}.png`;
      // Finished transitions (menus fade in) so the picture shows the settled state.
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), animations: 'disabled', caret: 'hide' });
    },
    failureReport: async () => (await Promise.all([...watches.values()].map((watch) => watch.report()))).join('\n'),
    close: async () => {
      await Promise.all(contexts.map((context) => context.close()));
      await browser.close();
    },
  };
}
