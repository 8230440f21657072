import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { beforeAll, expect, inject, test } from 'vitest';
import { FormPage } from '../pages/FormPage';
import { LoginPage } from '../pages/LoginPage';
import { OfflinePage } from '../pages/OfflinePage';
import { ShellPage } from '../pages/ShellPage';
import {
  type ApiRecord,
  type DrillingHole,
  apiCreateRecord,
  apiListRecords,
  apiLogin,
  apiSeedHole,
} from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';

// The figures issue 22 asks for, measured on demand (MDIS_OFFLINE_MEASURE=1; about two minutes of
// seeding): the download of a hole with 100 cores and 2,000 samples, and the sync of 500 changes
// queued offline. They print; nothing is asserted about time.

const MEASURE = process.env.MDIS_OFFLINE_MEASURE === '1';
const CORES = 100;
const SAMPLES_PER_CORE = 20;
const CHANGES = 500;

/** Runs `work` over `items`, `width` at a time (the seeding goes through the API). */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += width)
    await Promise.all(items.slice(start, start + width).map(work));
}

/** The scope download as the browser fetched it: bytes over the wire (compressed), of JSON, and its time. */
function scopeTransfer(page: Page): Promise<string> {
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const download = entries.filter((e) => e.name.includes('offline/scope?') && !e.name.includes('estimate=')).at(-1);
    if (!download) return 'no resource timing';
    const kb = (bytes: number) => `${String(Math.round(bytes / 1024))} KB`;
    return `${kb(download.encodedBodySize)} over the wire, ${kb(download.decodedBodySize)} of JSON, request ${String(Math.round(download.duration))} ms`;
  });
}

const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')} (1/5/15 min)`;

/** Queues `count` edits of stored samples straight into the browser's offline store, as offline edits leave them. */
function queueSampleEdits(page: Page, count: number): Promise<number> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('mdis-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open'));
    });
    const read = (store: string) =>
      new Promise<Record<string, unknown>[]>((resolve) => {
        const all = db.transaction(store).objectStore(store).getAll();
        all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
      });
    const samples = (await read('records')).filter((row) => row.form === 'sample').slice(0, wanted);
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('queue', 'readwrite');
      samples.forEach((row, n) => {
        const record = { ...(row.record as Record<string, unknown>) };
        delete record.id;
        tx.objectStore('queue').add({
          op: {
            opId: `measure-${String(n)}`,
            form: 'sample',
            action: 'update',
            id: row.id,
            baseVersion: row.version,
            values: { ...record, comment: `edited offline ${String(n)}` },
          },
        });
      });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('queue'));
    });
    db.close();
    return samples.length;
  }, count);
}

browserSuite('offline figures: download of a big hole, sync of 500 changes', 'offline-measure', (session) => {
  const baseUrl = inject('baseUrl');
  let token = '';
  let seeded: DrillingHole;
  let page: Page;

  beforeAll(async () => {
    if (!MEASURE) return;
    token = (await apiLogin(baseUrl, ADMIN.username, ADMIN.password)).token;
    seeded = await apiSeedHole(baseUrl, token, { program: 'MEAS', expedition: '5098', acronym: 'MEAS' }, 0);
    // cores an hour apart (apiSeedHole's on-deck times stop at 23:00)
    const cores: ApiRecord[] = [];
    for (let n = 1; n <= CORES; n += 1)
      cores.push(
        await apiCreateRecord(baseUrl, token, 'core', {
          hole_id: seeded.hole.id,
          core: n,
          core_ondeck: new Date(Date.UTC(2024, 4, 3) + n * 3_600_000).toISOString(),
          drillers_top_depth: 100 + 3 * (n - 1),
          drilled_length: 3,
          core_recovery: 2.5,
        }),
      );
    const splits: ApiRecord[] = [];
    await inParallel(cores, 4, async (core) => {
      const section = await apiCreateRecord(baseUrl, token, 'section', {
        core_id: core.id,
        section: 1,
        section_length: 1.5,
      });
      splits.push(...(await apiListRecords(baseUrl, token, 'split', { section_id: section.id })).slice(0, 1));
    });
    const samples = splits.flatMap((split) =>
      Array.from({ length: SAMPLES_PER_CORE }, (_, n) => ({
        section_split_id: split.id,
        top: n * 5,
        sample_length: 2,
      })),
    );
    await inParallel(samples, 8, (sample) => apiCreateRecord(baseUrl, token, 'sample', sample));
    page = await session().newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(ADMIN.username, ADMIN.password);
    await new ShellPage(page).waitUntilShown();
  }, 900_000);

  test.skipIf(!MEASURE)('measures', { timeout: 600_000 }, async () => {
    const offline = new OfflinePage(page);
    const holeFilter = `expedition:${String(seeded.expedition.id)},site:${String(seeded.site.id)},hole:${String(seeded.hole.id)}`;
    const cores = new FormPage(page, 'core');
    await cores.goto(`/forms/core-form?filter=${encodeURIComponent(holeFilter)}`);
    const started = Date.now();
    const kept = await offline.keepOffline();
    console.log(`[offline] download: ${kept} (dialog to message: ${String(Date.now() - started)} ms); ${load()}`);
    console.log(`[offline] scope response: ${await scopeTransfer(page)}`);
    expect(kept).toMatch(/Kept offline: \d+ records/);
    await offline.waitForOfflineWorker();

    await page.context().setOffline(true);
    expect(await queueSampleEdits(page, CHANGES)).toBe(CHANGES);
    await page.reload();
    await offline.waitForStatus(`${String(CHANGES)} pending`, 60_000);
    const syncStart = Date.now();
    await page.context().setOffline(false);
    await offline.waitForExactStatus('Online', 300_000);
    console.log(
      `[offline] sync of ${String(CHANGES)} queued changes: ${String(Date.now() - syncStart)} ms (reconnect to nothing pending); ${load()}`,
    );
    const edited = await apiListRecords(baseUrl, token, 'sample', { comment: 'edited offline' });
    expect(edited).toHaveLength(CHANGES);
  });
});
