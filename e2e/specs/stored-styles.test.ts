import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { apiLogin } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';

// A reload gets back the CSS that MUI generated on the earlier visit (issue 18: packages/web/src/storedStyles.ts):
// the styles are put back before the app runs, MUI generates none of them again, and the form looks the same.

const STORED_STYLES_KEY = 'mdis-styles';

/** CSS rules in MUI's own style elements (`data-emotion="css"`) and in the restored one (`"css <names>"`). */
const ruleCounts = (page: Page) =>
  page.evaluate(() => {
    const count = (selector: string) => {
      let rules = 0;
      document.querySelectorAll<HTMLStyleElement>(selector).forEach((element) => {
        rules += element.sheet?.cssRules.length ?? 0;
      });
      return rules;
    };
    return { generated: count('style[data-emotion="css"]'), restored: count('style[data-emotion^="css "]') };
  });

/** How a few parts of the form screen look: the computed styles a person sees. */
const look = (page: Page) =>
  page.evaluate(() => {
    const parts = {
      toolbarButton: document.querySelector('[role="toolbar"][aria-label="Record actions"] button'),
      heading: document.querySelector('h1'),
      headerCell: document.querySelector('thead th'),
      row: document.querySelector('tbody tr'),
      navigation: document.querySelector('nav'),
    };
    return Object.fromEntries(
      Object.entries(parts).map(([name, element]) => {
        if (!element) return [name, null];
        const style = getComputedStyle(element);
        const { color, backgroundColor, fontSize, fontWeight, padding, borderBottom, display } = style;
        const { width, height } = element.getBoundingClientRect();
        return [name, { color, backgroundColor, fontSize, fontWeight, padding, borderBottom, display, width, height }];
      }),
    );
  });

/** The form screen complete: its rows, and the drawer's form links, which render just after them. */
const screenShown = async (page: Page) => {
  await page.getByRole('toolbar', { name: 'Record actions' }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  await page
    .getByRole('navigation', { name: 'main navigation' })
    .getByRole('textbox', { name: 'Search forms' })
    .waitFor();
};

browserSuite('the styles an earlier visit generated', 'stored-styles', (session) => {
  const openForm = async () => {
    const user = await apiLogin(inject('baseUrl'), ADMIN.username, ADMIN.password);
    const page = await session().newPage();
    await page.addInitScript((stored) => {
      if (!localStorage.getItem('user')) localStorage.setItem('user', stored);
    }, JSON.stringify(user));
    await page.goto('/#/forms/sample-form');
    await screenShown(page);
    return page;
  };

  test('are put back on a reload: MUI generates none of them again, and the form looks the same', async () => {
    const page = await openForm();
    // kept a second after the start when the page is idle, and again within seconds if the page was
    // still on its way to its first screen then (a busy machine): wait for a copy of the whole screen
    await page.waitForFunction(
      (key) => {
        const stored = localStorage.getItem(key);
        const kept = stored ? (JSON.parse(stored) as { css: string }).css.length : 0;
        let generated = 0;
        document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]').forEach((element) => {
          for (const rule of Array.from(element.sheet?.cssRules ?? [])) generated += rule.cssText.length + 1;
        });
        return kept > 0 && kept >= generated - 1;
      },
      STORED_STYLES_KEY,
      { timeout: 20_000 },
    );
    const first = await ruleCounts(page);
    expect(first.restored).toBe(0);
    expect(first.generated).toBeGreaterThan(100);
    const before = await look(page);

    await page.reload();
    await screenShown(page);
    const again = await ruleCounts(page);
    expect(again.restored).toBeGreaterThanOrEqual(first.generated);
    // a tooltip or a ripple may need a style the first visit did not: not the screen's
    expect(again.generated).toBeLessThan(first.generated / 10);
    expect(await look(page)).toEqual(before);
    await session().shot(page, 'form-after-reload');
  });

  test('of another version of the styling libraries are dropped: the page generates its own', async () => {
    const page = await openForm();
    await page.evaluate((key) => {
      const old = { version: 'emotion@10', names: ['abc123'], css: '.css-abc123{color:red}' };
      localStorage.setItem(key, JSON.stringify(old));
    }, STORED_STYLES_KEY);
    await page.reload();
    await page.getByRole('toolbar', { name: 'Record actions' }).waitFor();
    const counts = await ruleCounts(page);
    expect(counts.restored).toBe(0);
    expect(counts.generated).toBeGreaterThan(100);
    expect(await page.evaluate(() => document.querySelector('style[data-emotion="css abc123"]'))).toBeNull();
  });
});
