// `npm test`: every test layer — unit (shared + web), then server integration (SQLite, and PostgreSQL
// when TEST_DATABASE_URL is set) beside the web build and the browser tests (Playwright + system
// Chromium against the built app) — then one summary line per layer and, last, the totals. Exits
// non-zero if anything failed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, formatDuration, npmCommand, run, runCollected } from './lib.mjs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const vitestBin = path.join(ROOT, 'node_modules/.bin/vitest');
const resultsDir = mkdtempSync(path.join(os.tmpdir(), 'mdis-test-'));

/** The Chromium to drive: CHROMIUM_PATH if set (it must exist), else the usual system paths. */
function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/** Counts from vitest's JSON report; a run that died without a report counts as one failure. */
function readCounts(file, exitCode) {
  let report = null;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // no report: vitest crashed or could not start
  }
  const counts = {
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    note: '',
  };
  if (exitCode !== 0 && counts.failed === 0) {
    // e.g. a suite that failed to load, an unhandled error, or a failing global setup
    counts.failed = Math.max(1, report?.numFailedTestSuites ?? 0);
    counts.note = report ? ' (suite or setup error)' : ' (no test report)';
  }
  return counts;
}

/**
 * One vitest run with a JSON report for the summary. A layer that runs beside another one has its
 * output collected and printed when it ends (`collected`), so the log reads one layer at a time.
 */
async function vitestLayer(name, args, env = {}, { collected = false, before = '' } = {}) {
  const started = Date.now();
  const outputFile = path.join(resultsDir, `${name}.json`);
  const command = [
    vitestBin,
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  const options = { env: { ...process.env, ...env } };
  let exitCode;
  if (collected) {
    const result = await runCollected(process.execPath, command, options);
    process.stdout.write(`${before}\n=== ${name} tests (ran beside the integration tests) ===\n${result.output}`);
    exitCode = result.code;
  } else {
    console.log(`\n=== ${name} tests ===`);
    exitCode = await run(process.execPath, command, options);
  }
  return { name, exitCode, ms: Date.now() - started, ...readCounts(outputFile, exitCode) };
}

/**
 * The web build for the browser tests, started with the integration tests: they share nothing (the
 * server tests serve their own temporary dist folders). Its output is printed when the browser layer ends.
 */
function startWebBuild() {
  const started = Date.now();
  return runCollected(npmCommand(), ['run', 'build']).then((result) => ({ ...result, ms: Date.now() - started }));
}

async function browserLayer(build) {
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.MDIS_REQUIRE_E2E === '1') {
      console.error(
        '\nBrowser tests required (MDIS_REQUIRE_E2E=1) but no Chromium found (set CHROMIUM_PATH or install chromium)',
      );
      return { name: 'browser', exitCode: 1, ms: 0, passed: 0, failed: 1, skipped: 0, note: ' (no Chromium found)' };
    }
    console.log('\nBrowser tests skipped: no Chromium found (set CHROMIUM_PATH or install chromium)');
    // Collect the specs anyway (each one skips itself without a browser) so the summary counts them.
    const layer = await vitestLayer('browser', ['--config', 'e2e/vitest.config.ts'], {}, { collected: true });
    return { ...layer, note: ' (no Chromium found)' };
  }
  const started = Date.now();
  const { code: buildCode, output: buildOutput, ms: buildMs } = await build;
  const buildLog = `\n=== the web app's build for the browser tests (beside the integration tests) ===\n${buildOutput}web build: ${formatDuration(buildMs)}\n`;
  if (buildCode !== 0) {
    process.stdout.write(buildLog);
    return {
      name: 'browser',
      exitCode: buildCode,
      ms: Date.now() - started,
      passed: 0,
      failed: 1,
      skipped: 0,
      note: ' (web build failed)',
    };
  }
  const layer = await vitestLayer(
    'browser',
    ['--config', 'e2e/vitest.config.ts'],
    { CHROMIUM_PATH: chromium },
    { collected: true, before: buildLog },
  );
  return { ...layer, ms: Date.now() - started };
}

/**
 * The template manager spec once more on PostgreSQL (issue 8: a new kind of record works on both
 * databases), against a database created for the run and dropped after it.
 */
async function browserPostgresLayer(chromium) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const database = `mdis_e2e_${process.pid}`;
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database}`);
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    return await vitestLayer('browser-pg', ['--config', 'e2e/vitest.config.ts', 'e2e/specs/template-manager.test.ts'], {
      CHROMIUM_PATH: chromium,
      MDIS_E2E_DATABASE_URL: url.toString(),
      MDIS_E2E_SCREENSHOTS: 'e2e/screenshots-pg',
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

const layers = [];
layers.push(await vitestLayer('unit', ['--project', 'shared', '--project', 'web']));
if (!process.env.TEST_DATABASE_URL) {
  console.log('\nPostgreSQL integration tests skipped: TEST_DATABASE_URL is not set (SQLite only).');
}
// The browser tier runs beside the integration tier: on two cores neither keeps both busy (the
// integration tests wait on the databases, the browser tests on Chromium and the server), and run one
// after the other they were two thirds of CI's time.
const webBuild = findChromium() ? startWebBuild() : null;
const browser = browserLayer(webBuild);
layers.push(await vitestLayer('integration', ['--project', 'server']));
layers.push(await browser);
const chromium = findChromium();
if (process.env.TEST_DATABASE_URL && chromium && layers.at(-1).exitCode === 0) {
  layers.push(await browserPostgresLayer(chromium));
}
rmSync(resultsDir, { recursive: true, force: true });

const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\n=== summary ===');
for (const layer of layers) {
  total.passed += layer.passed;
  total.failed += layer.failed;
  total.skipped += layer.skipped;
  const skipped = layer.skipped ? `, ${layer.skipped} skipped` : '';
  const status = layer.exitCode === 0 ? 'ok' : 'FAILED';
  console.log(
    `${layer.name.padEnd(12)} ${status.padEnd(6)} ${layer.passed} passed, ${layer.failed} failed${skipped}${layer.note} in ${formatDuration(layer.ms)}`,
  );
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(layers.every((layer) => layer.exitCode === 0) && total.failed === 0 ? 0 : 1);
