// What the browser benches share: the web app built, the dataset prepared, the server started on it,
// Chromium launched, the bench administrator signed in, and a fresh browser context that starts
// signed in (the user in localStorage as after a login).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { findChromium } from '../e2e/support/env';
import { startServer } from '../e2e/support/server';
import { BENCH_ADMIN, prepareDataset } from './dataset';

const REPO_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface WebStage {
  baseUrl: string;
  browser: Browser;
  user: { token: string };
  close: () => Promise<void>;
}

async function login(baseUrl: string): Promise<{ token: string }> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`login answered ${String(response.status)}: ${await response.text()}`);
  return (await response.json()) as { token: string };
}

export async function openWebStage(options: { samples: number; build: boolean; label: string }): Promise<WebStage> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH or install chromium)');
  if (options.build) {
    console.log('building the web app …');
    const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataset = await prepareDataset({
    samples: options.samples,
    runDir: path.join(os.tmpdir(), `${options.label}-${String(process.pid)}`),
    log: (line) => console.log(line),
  });
  const server = await startServer({ env: { DATABASE_URL: dataset.databaseUrl }, label: options.label });
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  const close = async () => {
    await browser.close();
    await server.stop();
    await dataset.cleanUp();
  };
  try {
    return { baseUrl: server.baseUrl, browser, user: await login(server.baseUrl), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A fresh context: empty HTTP cache, no service worker, the user signed in, so a navigation goes straight to the form. */
export async function freshContext(browser: Browser, baseUrl: string, user: { token: string }) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 860 } });
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('user')) localStorage.setItem('user', stored);
  }, JSON.stringify(user));
  return context;
}
