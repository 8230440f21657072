import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { TemplateManagerPage } from '../pages/TemplateManagerPage';
import { apiCreateRecord, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, pickOption, visible } from '../support/wait';

// Issue 24: the dashboard and the template manager at every width (a 390×844 phone included),
// and no page error when the dashboard is left while its map is still settling.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };

/** How far the page is wider than the viewport (0 when nothing overflows sideways). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

browserSuite('the dashboard and template manager at every width', 'layout', (session) => {
  const baseUrl = inject('baseUrl');
  let page: Page;
  let dashboard: DashboardPage;
  let token = '';
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}`);
    return (await response.json()) as unknown;
  };

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    const seeded = await apiSeedHole(baseUrl, token, { program: 'LAY', expedition: '5093', acronym: 'LAYO' }, 1);
    // Close together: fitting them zooms in by 3 levels from the world view, which Leaflet animates.
    for (const [lat, lng] of [
      [1, 1],
      [8, 9],
    ])
      await apiCreateRecord(baseUrl, token, 'site', {
        expedition_id: seeded.expedition.id,
        latitude_dec: lat,
        longitude_dec: lng,
      });
    page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(ADMIN.username, ADMIN.password);
    await new ShellPage(page).waitUntilShown();
    dashboard = new DashboardPage(page);
  });

  beforeEach(() => {
    onTestFailed(async () => {
      await session().shot(page, 'failed');
    });
  });

  test('leaving the dashboard while the map fits its markers throws nothing', async () => {
    const errors = session().pageErrors;
    const before = errors.length;
    // Around the first fit and the refit a second later (MAP_REFIT_DELAY_MS).
    for (const stay of [0, 150, 300, 900, 1000, 1050, 1100, 1200]) {
      await dashboard.goto();
      const map = dashboard.widget('Sites and Holes');
      await map.scrollIntoViewIfNeeded();
      await hasText(map.getByTestId('map-status'), ' holes with coordinates');
      await page.waitForFunction(
        () => !/^0 sites/.test(document.querySelector('[data-testid="map-status"]')?.textContent ?? '0'),
      );
      await page.waitForTimeout(stay);
      await page.goto('/#/settings');
      await page.waitForTimeout(400);
    }
    expect(errors.slice(before)).toEqual([]);
  });

  test('lays out the Message of the Day at every width the grid allows', async () => {
    await page.setViewportSize(DESKTOP);
    const { items } = (await api('GET', '/widgets?sort=order')) as { items: { id: number; type: string }[] };
    const motd = items.find((w) => w.type === 'MessageOfTheDayWidget');
    if (!motd) throw new Error('no Message of the Day widget');
    for (const lg_size of [3, 4, 6, 8, 12]) {
      for (const calendarWidth of ['xs3', 'xs9']) {
        await api('PUT', `/widgets/${String(motd.id)}`, { lg_size, extraSettings: { calendarWidth } });
        await page.reload(); // the widgets as just stored, not as cached
        await dashboard.goto();
        const widget = dashboard.widget('Message of the Day');
        await visible(widget.getByRole('tab', { name: 'New Message' }));
        const box = async (role: 'grid' | 'tablist' | 'tab', name: string) => {
          const found = await widget.getByRole(role, { name }).first().boundingBox();
          if (!found) throw new Error(`${name} is not shown`);
          return found;
        };
        const card = await widget.boundingBox();
        const calendar = await box('grid', 'messages calendar');
        const tabs = await box('tablist', 'message of the day');
        const newTab = await box('tab', 'New Message');
        const where = `at ${String(lg_size)}/12 with calendar ${calendarWidth}`;
        // Side by side or stacked, but never on top of each other.
        const apart =
          calendar.x + calendar.width <= tabs.x + 1 ||
          tabs.x + tabs.width <= calendar.x + 1 ||
          calendar.y + calendar.height <= tabs.y + 1 ||
          tabs.y + tabs.height <= calendar.y + 1;
        expect(apart, `calendar and tabs overlap ${where}`).toBe(true);
        expect(newTab.x + newTab.width, `'New Message' cut off ${where}`).toBeLessThanOrEqual(
          (card?.x ?? 0) + (card?.width ?? 0) + 1,
        );
        expect(newTab.width, `'New Message' squeezed ${where}`).toBeGreaterThan(80);
        if (calendarWidth === 'xs9' && [4, 6].includes(lg_size)) await session().shot(page, `motd-${String(lg_size)}`);
      }
    }
    await api('PUT', `/widgets/${String(motd.id)}`, { lg_size: 8, extraSettings: { calendarWidth: 'xs4' } });
  });

  test('shows the dashboard on a phone without sideways scrolling', async () => {
    await page.setViewportSize(PHONE);
    await dashboard.goto();
    await visible(dashboard.widget('Message of the Day'));
    expect(await horizontalOverflow(page)).toBe(0);
    await dashboard.widget('Message of the Day').scrollIntoViewIfNeeded();
    await session().shot(page, 'phone-dashboard');
  });

  test('shows the template manager and the model editor on a phone without sideways scrolling', async () => {
    await page.setViewportSize(PHONE);
    const manager = new TemplateManagerPage(page);
    const account = page.getByRole('button', { name: 'account menu' });
    for (const [path, heading] of [
      ['', 'Template Manager'],
      ['/data-models/new/Curation', 'New data model in Curation'],
      ['/data-models/update/ProjectHole', 'Data model ProjectHole'],
    ] as const) {
      await manager.goto(path);
      await visible(page.getByRole('heading', { name: heading }));
      // Every column's settings open: the widest the editor gets.
      for (const more of await page.getByRole('button', { name: /^More settings of / }).all())
        if (await more.isEnabled()) await more.click();
      await page.waitForTimeout(300);
      expect(await horizontalOverflow(page), `sideways overflow at '${path}'`).toBe(0);
      const menu = await account.boundingBox();
      expect((menu?.x ?? 0) + (menu?.width ?? 0), `account menu off screen at '${path}'`).toBeLessThanOrEqual(
        PHONE.width,
      );
      await session().shot(page, `phone-templates${path.replace(/\//g, '-')}`);
    }
    await page.setViewportSize(DESKTOP);
    await manager.goto('/data-models/update/ProjectHole');
    await visible(page.getByRole('heading', { name: 'Data model ProjectHole' }));
    await session().shot(page, 'desktop-model-editor');
  });

  test('adds a Simple Chart: its settings first, table and columns picked from lists', async () => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await dashboard.goto();
      await dashboard.setEditMode(true);
      await page.getByRole('button', { name: 'Add Widget' }).click();
      await page.getByRole('menuitem', { name: 'Simple Chart' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'New Simple Chart' }));
      const choose = async (label: string, option: string) => {
        await pickOption(page, dialog.getByRole('combobox', { name: label, exact: true }), option);
      };
      await choose('Table', 'CoreCore');
      await choose('x Axis Column', 'core');
      await choose('y Axis Column', 'core_recovery');
      await session().shot(page, size === PHONE ? 'phone-new-chart' : 'desktop-new-chart');
      if (size === PHONE) {
        expect(await horizontalOverflow(page)).toBe(0);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        continue;
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(dashboard.widget('Simple Chart'));
    }
    const { items } = (await api('GET', '/widgets?sort=order')) as {
      items: { id: number; title: string; extraSettings: Record<string, unknown> }[];
    };
    const added = items.filter((w) => w.title === 'Simple Chart');
    expect(added.map((w) => w.extraSettings)).toEqual([
      { model: 'CoreCore', xColumn: 'core', yColumn: 'core_recovery' },
    ]);
    for (const widget of added)
      await fetch(`${baseUrl}/api/v1/widgets/${String(widget.id)}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
    await dashboard.setEditMode(false);
  });
});
