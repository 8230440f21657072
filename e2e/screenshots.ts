import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Page, chromium } from 'playwright-core';
import { apiListRecords, apiLogin } from './support/api';
import { REPO_ROOT, findChromium } from './support/env';
import { startServer } from './support/server';
import { visible } from './support/wait';

// `npm run screenshots [-- prefix]`: the README's and docs/screenshots' pictures, taken from the built
// app (run `npm run build` first) on a fresh database with the demo data. Not part of `npm test`.
const PREFIX = process.argv[2] ?? 'after';
const OUT_DIR = path.join(REPO_ROOT, 'docs/screenshots');
const ADMIN = { username: 'admin', password: 'shots-Admin-password-1' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH or install chromium)');
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startServer({
    label: 'mdis-shots',
    env: { MDIS_SEED: 'demo', MDIS_ADMIN_USERNAME: ADMIN.username, MDIS_ADMIN_PASSWORD: ADMIN.password },
  });
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const { token } = await apiLogin(server.baseUrl, ADMIN.username, ADMIN.password);
    const cores = await apiListRecords(server.baseUrl, token, 'core');
    const core = cores.at(Math.min(3, cores.length - 1));
    if (!core) throw new Error('the demo data has no core');
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport, deviceScaleFactor: 1 });
      // the light theme reads better in the README; the dark one is checked by the axe scan
      await context.addInitScript(() => localStorage.setItem('theme', 'light'));
      const page = await context.newPage();
      const shot = async (name: string) => {
        await page.waitForTimeout(800); // charts and maps settle
        const file = path.join(OUT_DIR, `${PREFIX}-${name}-${device}.png`);
        await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
        console.log(file);
      };
      await page.goto('/#/login');
      await visible(page.getByRole('button', { name: 'Log In' }));
      if (device === 'desktop') await shot('login');
      await logIn(page);
      await page.goto('/#/');
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
      await shot('dashboard');
      await page.goto(`/#/forms/core-form/${String(core.id)}`);
      await visible(page.getByRole('toolbar', { name: 'Record actions' }));
      await visible(page.locator('[data-record-panel] input').first());
      await shot('data-form');
      await page.goto('/#/settings/templates-manager');
      await visible(page.getByRole('article').first());
      await shot('template-manager');
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function logIn(page: Page): Promise<void> {
  await page.getByLabel(/^Username \/ Email/).fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
}

await main();
