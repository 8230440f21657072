import type { Page } from 'playwright-core';
import { beforeAll, expect, inject, test } from 'vitest';
import { LoginPage } from '../pages/LoginPage';
import { type DrillingHole, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { visible, waitForRoute } from '../support/wait';

// A 390×844 phone (an iPhone 12–15 in portrait): no screen may be wider than the phone, which would
// make the whole page scroll sideways and push the top bar's buttons off screen.
const PHONE = { width: 390, height: 844 };
const NAMES = { program: 'PHP', expedition: '5094', acronym: 'PHONE' } as const;

/** How far the page is wider than the viewport, and the widest elements that stick out. */
async function overflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const excess = document.documentElement.scrollWidth - width;
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter((element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 6)
      .map((element) => {
        const label = element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 30);
        return `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 2).join('.')} '${label}' right=${String(Math.round(element.getBoundingClientRect().right))}`;
      });
    return { excess, culprits };
  });
}

browserSuite('a phone: no screen scrolls sideways at 390×844', 'phone-viewport', (session) => {
  const baseUrl = inject('baseUrl');
  let seeded: DrillingHole;
  let page: Page;

  beforeAll(async () => {
    const { token } = await apiLogin(baseUrl, ADMIN.username, ADMIN.password);
    seeded = await apiSeedHole(baseUrl, token, NAMES, 3);
    page = await session().newPage();
    await page.setViewportSize(PHONE);
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(ADMIN.username, ADMIN.password);
    await waitForRoute(page, (route) => !route.startsWith('/login'), 'past the login');
  });

  const screens: { name: string; path: () => string; ready: () => ReturnType<Page['getByRole']> }[] = [
    {
      name: 'the dashboard',
      path: () => '/',
      ready: () => page.getByRole('list', { name: 'Active Widgets' }),
    },
    {
      name: 'the core form with a record selected',
      path: () => `/forms/core-form/${String(seeded.cores[0]?.id)}`,
      ready: () => page.getByRole('table', { name: 'core records' }).locator('tbody tr[data-record-id]'),
    },
    {
      name: 'the template manager',
      path: () => '/settings/templates-manager',
      ready: () => page.getByRole('article').first(),
    },
    {
      name: 'the model editor',
      path: () => '/settings/templates-manager/data-models/update/CoreCore',
      ready: () => page.getByRole('group', { name: 'column core', exact: true }),
    },
    {
      name: 'the form editor',
      path: () => '/settings/templates-manager/forms/CoreCore/update/core',
      ready: () => page.getByRole('list', { name: 'Available fields' }),
    },
    {
      name: 'the application settings',
      path: () => '/settings/application',
      ready: () => page.getByRole('region', { name: 'header preview' }),
    },
  ];

  for (const screen of screens) {
    test(`${screen.name} fits the phone's width`, async () => {
      await page.goto(`/#${screen.path()}`);
      await visible(screen.ready());
      await expectNoOverflow(page, screen.name);
    });
  }

  test("the login page fits the phone's width", async () => {
    const signedOut = await session().newPage(); // a context of its own: no session
    await signedOut.setViewportSize(PHONE);
    await new LoginPage(signedOut).goto();
    await expectNoOverflow(signedOut, 'the login page');
    await signedOut.context().close();
  });

  test("the top bar's offline status keeps clear of the title", async () => {
    await page.goto('/#/');
    const title = await visible(page.getByRole('banner').getByText('mDIS', { exact: true }));
    // as after "Keep offline": the flag the top bar watches (the store is empty, nothing pending)
    await page.evaluate(() => {
      localStorage.setItem('mdis.offline.kept', '1');
      window.dispatchEvent(new Event('mdis-offline-kept'));
    });
    const chip = await visible(page.getByTestId('offline-status'));
    await page.waitForTimeout(300);
    await session().shot(page, 'offline-status-phone');
    const titleBox = await title.boundingBox();
    const chipBox = await chip.boundingBox();
    await page.setViewportSize({ width: 1280, height: 800 });
    await session().shot(page, 'offline-status-desktop');
    await page.setViewportSize(PHONE);
    await page.evaluate(() => {
      localStorage.removeItem('mdis.offline.kept');
      window.dispatchEvent(new Event('mdis-offline-kept'));
    });
    if (!titleBox || !chipBox) throw new Error('the title or the offline status has no box');
    const gap = chipBox.x - (titleBox.x + titleBox.width);
    expect(gap, `the offline status is ${String(Math.round(gap))} px right of the title`).toBeGreaterThanOrEqual(8);
  });

  async function expectNoOverflow(on: Page, name: string): Promise<void> {
    await on.waitForTimeout(300); // late layout: charts, maps
    const { excess, culprits } = await overflow(on);
    if (excess > 0) await session().shot(on, name.replace(/\W+/g, '-'));
    expect(excess, `${name} is ${String(excess)} px wider than the phone: ${culprits.join('; ')}`).toBe(0);
  }
});
