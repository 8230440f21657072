import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { type DrillingHole, apiLogin, apiSeedHole } from '../support/api';
import { axeScan, describeFindings } from '../support/axe';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { visible } from '../support/wait';

// axe-core over the screens a user meets most, in both themes: no critical or serious violation.
const NAMES = { program: 'AXP', expedition: '5093', acronym: 'AXE' } as const;

/** A screen to scan: where it is and what shows that it has finished loading. */
interface Screen {
  name: string;
  path: (seeded: DrillingHole) => string;
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    path: () => '/',
    ready: (page) => page.getByRole('list', { name: 'Active Widgets' }),
  },
  {
    name: 'core form with a record selected',
    path: (seeded) => `/forms/core-form/${String(seeded.cores[1]?.id)}`,
    ready: (page) => page.getByRole('table', { name: 'core records' }).locator('tbody tr[data-record-id]'),
  },
  {
    name: 'upload screen',
    path: () => '/files-upload',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: 'template manager',
    path: () => '/settings/templates-manager',
    ready: (page) => page.getByRole('article').first(),
  },
  {
    name: 'model editor',
    path: () => '/settings/templates-manager/data-models/update/CoreCore',
    ready: (page) => page.getByRole('group', { name: 'column core', exact: true }),
  },
  {
    // CoreSection's behaviors declare a column list, a column and a number: each parameter's own input
    name: 'behaviors and their parameters',
    path: () => '/settings/templates-manager/data-models/update/CoreSection',
    ready: (page) => page.getByRole('group', { name: /^behavior / }).first(),
  },
  {
    name: 'form editor',
    path: () => '/settings/templates-manager/forms/CoreCore/update/core',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  { name: 'settings', path: () => '/settings', ready: (page) => page.getByRole('heading', { level: 1 }) },
  {
    name: 'application settings',
    path: () => '/settings/application',
    ready: (page) => page.getByRole('region', { name: 'header preview' }),
  },
  { name: 'account', path: () => '/settings/account', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'users', path: () => '/settings/users', ready: (page) => page.getByRole('table') },
  { name: 'audit', path: () => '/settings/audit', ready: (page) => page.getByRole('heading', { level: 1 }) },
];

/** Screens walked with Tab: every button and link reached must show the focus ring. */
const KEYBOARD_SCREENS: Screen[] = [
  {
    name: 'core form',
    path: (seeded) => `/forms/core-form/${String(seeded.cores[0]?.id)}`,
    ready: (page) => page.getByRole('toolbar', { name: 'Record actions' }),
  },
  {
    name: 'application settings',
    path: () => '/settings/application',
    ready: (page) => page.getByRole('button', { name: 'Save settings' }),
  },
];

browserSuite('accessibility: axe-core finds no critical or serious violation', 'accessibility', (session) => {
  const baseUrl = inject('baseUrl');
  let seeded: DrillingHole;

  beforeAll(async () => {
    const { token } = await apiLogin(baseUrl, ADMIN.username, ADMIN.password);
    seeded = await apiSeedHole(baseUrl, token, NAMES, 3);
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(`${theme} mode`, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        page = await session().newPage();
        context = page.context();
        await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
        await new LoginPage(page).goto();
      });
      afterAll(async () => {
        await context.close();
      });

      test('the login page', async () => {
        await expectNoSeriousViolations(page, 'login page');
      });

      test('signing in', async () => {
        const login = new LoginPage(page);
        await login.goto();
        await login.logIn(ADMIN.username, ADMIN.password);
        await new ShellPage(page).waitUntilShown();
      });

      for (const screen of KEYBOARD_SCREENS) {
        test(`every button and link of the ${screen.name} reached with Tab shows a focus ring`, async () => {
          await page.goto(`/#${screen.path(seeded)}`);
          await visible(screen.ready(page));
          const { buttons, withoutRing } = await tabThrough(page, 40);
          expect(buttons, 'buttons and links reached with Tab').toBeGreaterThan(5);
          expect(withoutRing, 'focused without a visible focus ring').toEqual([]);
        });
      }

      for (const screen of SCREENS) {
        test(`the ${screen.name}`, async () => {
          await page.goto(`/#${screen.path(seeded)}`);
          await visible(screen.ready(page));
          await expectNoSeriousViolations(page, screen.name);
        });
      }
    });
  }
});

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await page.waitForTimeout(300); // transitions end (contrast is measured on the settled colours)
  const findings = await axeScan(page);
  expect(findings.length, `axe on the ${what}:\n${describeFindings(findings)}`).toBe(0);
}

/** Presses Tab `steps` times and reads, at each button or link, whether a 2 px outline shows. */
async function tabThrough(page: Page, steps: number): Promise<{ buttons: number; withoutRing: string[] }> {
  const withoutRing: string[] = [];
  let buttons = 0;
  for (let step = 0; step < steps; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(async () => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement)) return null;
      if (!element.matches('button, a, [role="button"]')) return null;
      // The table's sort labels ease every property in (material-react-table's `transition:
      // all`): read the ring once it has grown, not halfway (1 px) through the transition.
      await Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      const style = getComputedStyle(element);
      const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      return { ring, name: element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 30) };
    });
    if (!focused) continue;
    buttons += 1;
    if (!focused.ring) withoutRing.push(focused.name);
  }
  return { buttons, withoutRing };
}
