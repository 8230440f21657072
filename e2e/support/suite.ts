import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest';
import { type BrowserSession, openBrowser } from './browser';
import { findChromium } from './env';
import './provided-context';

/**
 * A describe() block with one browser for its tests. Skipped (and reported as skipped) when there is
 * no Chromium; fails at the end if a page threw an uncaught exception. After a failed test it prints
 * what its pages showed and waited for (failure-report.ts).
 */
export function browserSuite(title: string, label: string, body: (session: () => BrowserSession) => void): void {
  describe.skipIf(!findChromium())(title, () => {
    let session: BrowserSession | undefined;
    beforeAll(async () => {
      session = await openBrowser(inject('baseUrl'), label);
    });
    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail' || !session) return;
      console.log(`What the pages showed when "${task.name}" failed:\n${await session.failureReport()}`);
    });
    afterAll(async () => {
      const errors = session?.pageErrors ?? [];
      await session?.close();
      expect(errors, 'uncaught exceptions in the page').toEqual([]);
    });
    body(() => {
      if (!session) throw new Error('The browser did not start');
      return session;
    });
  });
}
