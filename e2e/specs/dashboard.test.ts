import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, onTestFailed, test } from 'vitest';
import type { Widget } from '@mdis/shared';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { apiCreateRecord, apiCreateUser, apiLogin, apiSeedHole } from '../support/api';
import { ADMIN } from '../support/env';
import { noisePng } from '../support/images';
import { browserSuite } from '../support/suite';
import { hasText, hidden, visible } from '../support/wait';

// The default dashboard of a new installation, edited by an administrator: drag, colour, map,
// chart, CSV download, posts and messages. The drilling data the widgets show is seeded via the API.
const NAMES = { program: 'DSH', expedition: '5092', acronym: 'DASH' } as const;
const VIEWER = {
  username: 'dash.viewer',
  email: 'dash.viewer@example.org',
  name: 'Dana Viewer',
  password: 'dana-Secret-42',
};
const POST_COUNT = 6;

async function apiCall<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

browserSuite('the dashboard and its widgets', 'dashboard', (session) => {
  const baseUrl = inject('baseUrl');
  let token = '';
  let page: Page;
  let dashboard: DashboardPage;
  const widgets = async () => (await apiCall<{ items: Widget[] }>(baseUrl, token, 'GET', '/widgets?sort=order')).items;
  const widgetTitled = async (title: string) => (await widgets()).find((w) => w.title === title);
  // Other specs share this server: count what exists instead of assuming an empty database.
  const totalCount = async (path: string) =>
    (await apiCall<{ _meta: { totalCount: number } }>(baseUrl, token, 'GET', path))._meta.totalCount;
  const withCoordinates = async (model: string) =>
    (
      await apiCall<{ items: Record<string, unknown>[] }>(baseUrl, token, 'GET', `/global?name=${model}&per-page=200`)
    ).items.filter((r) => (r.latitude_dec ?? r.latitude) != null && (r.longitude_dec ?? r.longitude) != null).length;

  beforeAll(async () => {
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    const seeded = await apiSeedHole(baseUrl, token, NAMES, 4);
    // Sites carry latitude_dec/longitude_dec, holes the original's latitude/longitude.
    const site = (latitude_dec: number, longitude_dec: number) =>
      apiCreateRecord(baseUrl, token, 'site', { expedition_id: seeded.expedition.id, latitude_dec, longitude_dec });
    const hole = (siteId: number, latitude: number, longitude: number) =>
      apiCreateRecord(baseUrl, token, 'hole', { site_id: siteId, start_date: '2024-06-01', latitude, longitude });
    const potsdam = await site(52.38, 13.06);
    await hole(potsdam.id, 52.381, 13.061);
    await hole(potsdam.id, 52.379, 13.058);
    const reunion = await site(-21.1, 55.5);
    await hole(reunion.id, -21.101, 55.502);
    await apiCreateRecord(baseUrl, token, 'sample-request', {
      expedition_id: seeded.expedition.id,
      request_no: 7,
      request_part: 'A',
    });
    for (let n = 1; n <= POST_COUNT; n += 1)
      await apiCall(baseUrl, token, 'POST', '/posts', { text: `Seeded post ${String(n)}` });
    await apiCreateUser(baseUrl, token, { ...VIEWER, roles: ['viewer'] });
    page = await session().newPage();
    // The tests run offline anyway; refusing the tile server makes that certain, so the map must fall back.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
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

  test('opens on the default widgets; edit mode shows the tools and the inactive area', async () => {
    await dashboard.goto();
    for (const title of ['Project Information', 'Instructions', 'Posts', 'Message of the Day', 'Sites and Holes'])
      await visible(dashboard.widget(title));
    await hidden(dashboard.inactiveArea);
    await dashboard.setEditMode(true);
    await visible(dashboard.inactiveArea);
    await visible(page.getByRole('button', { name: 'Add Widget' }));
    await visible(page.getByRole('button', { name: 'drag Scan QR Code' }));
    await session().shot(page, 'edit-mode');
  });

  test('drags a widget to the inactive area and back', async () => {
    await dashboard.dragWidget('Scan QR Code', dashboard.inactiveArea);
    await visible(dashboard.inactiveArea.getByRole('region', { name: 'Scan QR Code' }));
    await expect.poll(async () => (await widgetTitled('Scan QR Code'))?.active).toBe(0);
    await session().shot(page, 'dragged-to-inactive');

    await dashboard.dragWidget('Scan QR Code', dashboard.widget('Project Information'));
    await visible(dashboard.activeArea.getByRole('region', { name: 'Scan QR Code' }));
    await expect.poll(async () => (await widgetTitled('Scan QR Code'))?.active).toBe(1);
    const active = (await widgets()).filter((w) => w.active === 1);
    expect(active.map((w) => w.order)).toEqual(active.map((_, index) => index));
    expect(active[0]?.title).toBe('Scan QR Code');
    await session().shot(page, 'dragged-back');
  });

  test('refuses an invalid colour with the exact message and saves a palette colour', async () => {
    await dashboard.openSettings('Instructions');
    const color = dashboard.settingsField('Color');
    await color.fill('sea green');
    await visible(dashboard.settingsDialog.getByText('Please enter, select or pick a valid color'));
    await session().shot(page, 'colour-invalid');
    await color.fill('red darken-2');
    await hidden(dashboard.settingsDialog.getByText('Please enter, select or pick a valid color'));
    await dashboard.saveSettings();
    await hidden(dashboard.settingsDialog);
    await expect
      .poll(() => dashboard.header('Instructions').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(211, 47, 47)');
    expect((await widgetTitled('Instructions'))?.color).toBe('red darken-2');
  });

  test('shows sites (squares) and holes (circles) with a legend; OpenStreetMap tiles fall back to the offline map', async () => {
    await dashboard.setEditMode(false);
    const map = dashboard.widget('Sites and Holes');
    await map.scrollIntoViewIfNeeded();
    const [sites, holes] = [await withCoordinates('ProjectSite'), await withCoordinates('ProjectHole')];
    expect(sites).toBeGreaterThanOrEqual(2); // the sites seeded above
    expect(holes).toBeGreaterThanOrEqual(3); // their holes
    await hasText(map.getByTestId('map-status'), `${String(sites)} sites, ${String(holes)} holes with coordinates`);
    // The default tiles are OpenStreetMap's, credited as its policy asks; unreachable here, so the graticule shows.
    await hasText(map.locator('.leaflet-control-attribution'), 'OpenStreetMap contributors');
    await hasText(map.getByTestId('map-status'), 'Map tiles could not be loaded: showing the offline map.');
    await expect.poll(() => map.locator('path[stroke="#8fb3c7"]').count()).toBe(1);
    await expect.poll(() => map.locator('.mdis-map-site').count()).toBe(sites);
    expect(await map.locator('path.leaflet-interactive[stroke="#01579B"]').count()).toBe(holes);
    const legend = map.getByRole('list', { name: 'map legend' });
    await hasText(legend, `Sites (${String(sites)})`);
    await hasText(legend, `Holes (${String(holes)})`);
    await page.waitForTimeout(1200); // the auto fit runs again after 1 s
    await session().shot(page, 'map');
  });

  test("changes the chart's type from bar to line", async () => {
    const chart = dashboard.widget('Core Recovery');
    await chart.scrollIntoViewIfNeeded();
    await visible(chart.locator('[data-chart-type="bar"] canvas'));
    await dashboard.setEditMode(true);
    await dashboard.openSettings('Core Recovery');
    await dashboard.chooseSetting('Chart Type', 'line');
    await dashboard.saveSettings();
    await hidden(dashboard.settingsDialog);
    await visible(chart.locator('[data-chart-type="line"] canvas'));
    expect((await widgetTitled('Core Recovery'))?.extraSettings.chartType).toBe('line');
    await dashboard.setEditMode(false);
    await chart.scrollIntoViewIfNeeded();
    await session().shot(page, 'chart-line');
  });

  test('downloads the samples of request 7 A as samples_7_A.csv', async () => {
    const widget = dashboard.widget('Samples CSV');
    await widget.scrollIntoViewIfNeeded();
    await widget.getByRole('button', { name: 'Download CSV' }).click();
    await visible(widget.getByText('This is required'));
    await widget.getByLabel(/^Request Number/).fill('7');
    await widget.getByLabel(/^Request Part/).fill('A');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      widget.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('samples_7_A.csv');
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path, 'utf8')).split('\r\n')[0]).toMatch(
      /^id,section_split_id,sample_request_id,combined_id/,
    );

    await widget.getByLabel(/^Request Number/).fill('99');
    await widget.getByRole('button', { name: 'Download CSV' }).click();
    // Spec 2 §8: the server's 422 in a warning dialog, not a snackbar.
    const warning = page.getByRole('alertdialog', { name: 'Warning' });
    await visible(warning.getByText('Sample request 99 part A does not exist.'));
    await session().shot(page, 'samples-csv');
    await warning.getByRole('button', { name: 'OK' }).click();
    await hidden(warning);
  });

  test('writes a post and pages back with Load Older', async () => {
    const posts = dashboard.widget('Posts');
    await posts.scrollIntoViewIfNeeded();
    const list = posts.getByRole('list', { name: 'posts' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(5);
    await posts.getByLabel('Write a post').fill('Core 4 is on deck');
    await posts.getByRole('button', { name: 'Post', exact: true }).click();
    await hasText(list.getByRole('listitem').first(), 'Core 4 is on deck');
    const total = await totalCount('/posts?per-page=1');
    const loadOlder = posts.getByRole('button', { name: 'Load Older' });
    for (let loaded = 5; loaded < total; loaded += 5) {
      await loadOlder.click();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(Math.min(loaded + 5, total));
    }
    await hidden(loadOlder);
    await hasText(list, 'Seeded post 1');
    await session().shot(page, 'posts');
  });

  test("edits a post, and deletes one after the 'Delete a Post' confirmation", async () => {
    const posts = dashboard.widget('Posts');
    const list = posts.getByRole('list', { name: 'posts' });
    const mine = list.getByRole('listitem').filter({ hasText: 'Core 4 is on deck' });
    await mine.getByRole('button', { name: /^edit post / }).click();
    const editDialog = await visible(page.getByRole('dialog', { name: 'Edit Post' }));
    await editDialog.getByLabel('Text').fill('Core 4 is on deck, core 5 is coming up');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await hidden(editDialog);
    await hasText(list, 'Core 4 is on deck, core 5 is coming up');

    const seeded = list.getByRole('listitem').filter({ hasText: 'Seeded post 6' });
    await seeded.getByRole('button', { name: /^delete post / }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Delete a Post' }));
    await visible(confirm.getByText('This action cannot be reverted. Are you sure?'));
    await session().shot(page, 'delete-post');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await hidden(confirm);
    await hidden(list.getByText('Seeded post 6'));
    const remaining = await apiCall<{ items: { text: string }[] }>(baseUrl, token, 'GET', '/posts?per-page=-1');
    expect(remaining.items.map((post) => post.text)).not.toContain('Seeded post 6');
  });

  afterAll(async () => {
    // The Welcome dialog greets every later sign-in with today's messages, and its modal would block
    // the specs that run after this one on the same server: leave no message behind.
    const { items } = await apiCall<{ items: { id: number }[] }>(baseUrl, token, 'GET', '/messages?per-page=100');
    for (const { id } of items) await apiCall(baseUrl, token, 'DELETE', `/messages/${String(id)}`);
  });

  test('writes a message of the day and finds it in the calendar', async () => {
    const widget = dashboard.widget('Message of the Day');
    await widget.scrollIntoViewIfNeeded();
    const emptyText = widget.getByText('No messages were written yet. Use the form to create a new one');
    if ((await totalCount('/messages?per-page=1')) === 0) await visible(emptyText);
    await widget.getByRole('tab', { name: 'New Message' }).click();
    await widget.getByLabel('Message', { exact: true }).fill('Safety briefing at 8:00 on the drill floor');
    await widget
      .locator('input[type="file"]')
      .setInputFiles({ name: 'drill-floor.png', mimeType: 'image/png', buffer: noisePng(64, 48) });
    await widget.getByLabel('Caption').fill('The drill floor');
    await widget.getByRole('button', { name: 'Save' }).click();
    const preview = widget.getByRole('article', { name: 'message preview' });
    await hasText(preview, 'Safety briefing at 8:00');
    await hasText(preview.locator('figcaption'), 'The drill floor');
    // the stored image is served back to the <img>
    await expect
      .poll(() =>
        preview.getByRole('img', { name: 'The drill floor' }).evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(64);
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await visible(widget.locator(`[role="gridcell"][data-day="${today}"][data-has-message="true"]`));
    await hidden(emptyText);
    await session().shot(page, 'message-of-the-day');
  });

  test("greets with today's messages in the Welcome dialog once per day of the week", async () => {
    // this browser already looked for today's messages (none then) when it first opened the dashboard
    await page.evaluate(() => localStorage.removeItem('welcome-messages-day-of-week'));
    await page.reload();
    const welcome = await visible(page.getByRole('dialog', { name: 'Welcome' }));
    await hasText(welcome, 'Safety briefing at 8:00 on the drill floor');
    await hasText(welcome, 'The drill floor');
    await session().shot(page, 'welcome');
    await welcome.getByRole('button', { name: 'Close' }).click();
    await hidden(welcome);
    await page.reload();
    await visible(dashboard.activeArea);
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: 'Welcome' }).count()).toBe(0);
  });

  test('a viewer sees the dashboard without the edit mode switch', async () => {
    const viewerPage = await session().newPage();
    const login = new LoginPage(viewerPage);
    await login.goto();
    await login.logIn(VIEWER.username, VIEWER.password);
    // the first visit of the day greets with today's message; the modal hides the page until closed
    const welcome = await visible(viewerPage.getByRole('dialog', { name: 'Welcome' }));
    await hasText(welcome, 'Safety briefing at 8:00 on the drill floor');
    await welcome.getByRole('button', { name: 'Close' }).click();
    await hidden(welcome);
    await new ShellPage(viewerPage).waitUntilShown();
    const viewerDashboard = new DashboardPage(viewerPage);
    await viewerDashboard.goto();
    await visible(viewerDashboard.widget('Project Information'));
    // the viewer reads every post but may change none of the administrator's
    await hasText(viewerDashboard.widget('Posts').getByRole('list', { name: 'posts' }), 'Core 4 is on deck');
    expect(await viewerPage.getByRole('button', { name: /^(edit|delete) post / }).count()).toBe(0);
    expect(await viewerDashboard.editSwitch.count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: /^settings of / }).count()).toBe(0);
    await session().shot(viewerPage, 'viewer');
  });
});
