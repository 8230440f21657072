import { expect, inject, test } from 'vitest';
import { apiLogin } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';

// A cold visit (new browser, empty cache, no offline worker) to a form (issue 18): the form page's
// chunks are asked for before the app's entry has run, and the offline worker, whose first install
// downloads the whole app, waits until the first screen is done instead of competing with it.

const ENTRY = /\/assets\/index-[^/]+\.js$/;
const FORM_PAGE_CHUNK = /\/assets\/FormPage-[^/]+\.js$/;
/** The GETs a signed-in visit to the sample form asks first, by path and name. */
const FIRST_DATA = [
  '/api/v1/app/config',
  '/api/v1/auth/refresh',
  '/api/v1/app/forms',
  '/cg/api/get-form-template sample',
  '/api/v1/form sample',
  '/cg/api/get-model-template CurationSample',
];
const dataKey = (url: string) => {
  const { pathname, searchParams } = new URL(url);
  return [pathname, searchParams.get('name')].filter(Boolean).join(' ');
};

browserSuite('a cold visit to a form', 'cold-start', (session) => {
  test('asks for the form page while the entry script is still on its way', async () => {
    const page = await session().newPage();
    let formPageAsked = false;
    page.on('request', (request) => {
      if (FORM_PAGE_CHUNK.test(request.url())) formPageAsked = true;
    });
    let askedWhileEntryHeld = false;
    // The entry is held back up to 10 s, until the form page's chunk has been asked for.
    await page.route(ENTRY, async (route) => {
      for (let waited = 0; waited < 10_000 && !formPageAsked; waited += 50) await page.waitForTimeout(50);
      askedWhileEntryHeld = formPageAsked;
      await route.continue();
    });
    await page.goto('/#/forms/sample-form');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect(askedWhileEntryHeld).toBe(true);
  });

  test('loads no offline-worker files before the form screen shows, and registers the worker afterwards', async () => {
    const user = await apiLogin(inject('baseUrl'), ADMIN.username, ADMIN.password);
    const page = await session().newPage();
    const workerRequests: string[] = [];
    page.context().on('request', (request) => {
      if (request.serviceWorker()) workerRequests.push(request.url());
    });
    await page.addInitScript((stored) => localStorage.setItem('user', stored), JSON.stringify(user));
    await page.goto('/#/forms/sample-form');
    await page.getByRole('toolbar', { name: 'Record actions' }).waitFor();
    await page.waitForLoadState('load');
    expect(workerRequests).toEqual([]);
    // it does register, a few seconds after the page's load event
    await page.evaluate(async () => navigator.serviceWorker.ready);
    expect(workerRequests.length).toBeGreaterThan(0);
  });

  test("asks for a signed-in visit's first data before the entry has run, and each of it once", async () => {
    const user = await apiLogin(inject('baseUrl'), ADMIN.username, ADMIN.password);
    const page = await session().newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET') asked.push(dataKey(request.url()));
    });
    await page.addInitScript((stored) => localStorage.setItem('user', stored), JSON.stringify(user));
    let listAskedWhileEntryHeld = false;
    let refreshAskedWhileEntryHeld = false;
    await page.route(ENTRY, async (route) => {
      for (let waited = 0; waited < 10_000 && !asked.includes('/api/v1/form sample'); waited += 50)
        await page.waitForTimeout(50);
      listAskedWhileEntryHeld = asked.includes('/api/v1/form sample');
      refreshAskedWhileEntryHeld = asked.includes('/api/v1/auth/refresh');
      await route.continue();
    });
    await page.goto('/#/forms/sample-form');
    await page.getByRole('toolbar', { name: 'Record actions' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(listAskedWhileEntryHeld).toBe(true);
    expect(refreshAskedWhileEntryHeld).toBe(true);
    for (const data of FIRST_DATA)
      expect(
        asked.filter((key) => key === data),
        data,
      ).toHaveLength(1);
  });

  test("asks for a reload's list before the entry has run (the address's sort, the stored page size), its model template before the form's", async () => {
    const user = await apiLogin(inject('baseUrl'), ADMIN.username, ADMIN.password);
    const page = await session().newPage();
    await page.addInitScript((stored) => localStorage.setItem('user', stored), JSON.stringify(user));
    await page.goto('/#/forms/sample-form');
    await page.getByRole('toolbar', { name: 'Record actions' }).waitFor();
    await page.waitForLoadState('networkidle');
    // what a first visit leaves: its sort in the address, its page size stored
    expect(new URL(page.url()).hash).toContain('?');
    const lists: string[] = [];
    const models: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') return;
      const key = dataKey(request.url());
      if (key === '/api/v1/form sample') lists.push(request.url());
      if (key === '/cg/api/get-model-template CurationSample') models.push(request.url());
    });
    // The entry is held back up to 10 s, until the list and the model template have been asked for;
    // the form template, whose answer names the data model, until the entry goes on.
    let listsWhileEntryHeld = 0;
    let modelsWhileEntryHeld = 0;
    let entryHeld = true;
    await page.route(ENTRY, async (route) => {
      for (let waited = 0; waited < 10_000 && !(lists.length && models.length); waited += 50)
        await page.waitForTimeout(50);
      [listsWhileEntryHeld, modelsWhileEntryHeld, entryHeld] = [lists.length, models.length, false];
      await route.continue();
    });
    await page.route(/\/cg\/api\/get-form-template\?/, async (route) => {
      for (let waited = 0; waited < 10_000 && entryHeld; waited += 50) await page.waitForTimeout(50);
      await route.continue();
    });
    await page.reload();
    await page.getByRole('toolbar', { name: 'Record actions' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(listsWhileEntryHeld).toBe(1);
    expect(modelsWhileEntryHeld).toBe(1); // the first visit's form template named the model
    // the app took the early answers
    expect(lists).toHaveLength(1);
    expect(models).toHaveLength(1);
  });
});
