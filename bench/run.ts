// `npm run bench [-- --samples N --duration S --connections C --only S2,S6]`: on a generated
// drilling dataset (default 1M samples; SQLite, or PostgreSQL with BENCH_DATABASE_URL) it starts
// the server on 127.0.0.1 and loads each scenario with autocannon (C connections, S seconds),
// exports the whole sample list as CSV (S10: time and server RSS), then runs every list scenario
// raw on the driver (S6). Prints req/s, p50, p99 and the API/raw ratios, and writes
// bench/results/<date>-<dialect>.json. Numbers compare runs on one machine; they are not absolutes.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { BENCH_ADMIN, prepareDataset } from './dataset';
import { EXPORT_PATH, measureExport } from './export';
import { measureRaw, type Measured, rawQueries } from './raw';
import { type ApiScenario, apiScenarios, findTargets } from './scenarios';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, 'results');
const REQUEST_TIMEOUT_SECONDS = 60;

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    /** Scenario keys to run, e.g. S2,S3r,S6,S10 (all when unset; S6 = the raw equivalents). */
    only: { type: 'string' },
  },
});
const settings = {
  samples: Number(args.samples),
  durationSeconds: Number(args.duration),
  connections: Number(args.connections),
  only: args.only?.toUpperCase().split(','),
};
for (const [name, value] of Object.entries(settings))
  if (typeof value === 'number' && (!Number.isSafeInteger(value) || value < 1))
    throw new Error(`--${name} must be a whole number ≥ 1`);
const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const dialect = postgresUrl ? 'postgres' : 'sqlite';
const wanted = (key: string) => settings.only?.includes(key.toUpperCase()) ?? true;

interface Row extends Measured {
  key: string;
  scenario: string;
  non2xx?: number;
  errors?: number;
  /** API p50 / raw p50 (list scenarios): includes the queueing of C connections on the API side. */
  ratioP50?: number;
  /** Raw req/s / API req/s (list scenarios): the cost per request, whatever the concurrency. */
  ratioThroughput?: number;
  note?: string;
  /** S10: the server's highest RSS during the export, in MB. */
  exportRssPeakMb?: number | undefined;
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`login answered ${String(response.status)}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

function requestOptions(baseUrl: string, token: string, scenario: ApiScenario) {
  return {
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(scenario.body ? { body: JSON.stringify(scenario.body) } : {}),
  };
}

/**
 * Waits until the server answers a trivial request quickly three times in a row: requests of the
 * previous scenario that autocannon gave up on may still be running and would slow this one.
 */
async function settle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (let quick = 0; quick < 3 && Date.now() < deadline;) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/api/v1/app/config`)).text();
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One request first: a scenario whose answer is wrong is reported, not measured. */
async function probe(baseUrl: string, token: string, scenario: ApiScenario): Promise<string | undefined> {
  const options = requestOptions(baseUrl, token, scenario);
  const response = await fetch(options.url, { method: options.method, headers: options.headers, body: options.body });
  if (response.status === scenario.status) return undefined;
  return `answered ${String(response.status)} instead of ${String(scenario.status)}: ${(await response.text()).slice(0, 200)}`;
}

async function runApi(baseUrl: string, token: string, scenario: ApiScenario): Promise<Row> {
  const base = { key: scenario.key, scenario: scenario.name };
  await settle(baseUrl);
  const problem = await probe(baseUrl, token, scenario);
  if (problem) {
    console.log(`  ${scenario.key} ${scenario.name}: NOT MEASURED, ${problem}`);
    return { ...base, requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, requests: 0, note: problem };
  }
  const result = await autocannon({
    ...requestOptions(baseUrl, token, scenario),
    connections: settings.connections,
    duration: settings.durationSeconds,
    // A slow scenario still gets its latencies measured instead of counting only timeouts.
    timeout: REQUEST_TIMEOUT_SECONDS,
  });
  const row = {
    ...base,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `  ${scenario.key} ${scenario.name}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${String(row.p50Ms)} ms`,
  );
  return row;
}

/** S10: one export of the whole sample list (time and the server's memory), after the load settled. */
async function runExport(baseUrl: string, token: string, pid: number | undefined): Promise<Row> {
  await settle(baseUrl);
  const e = await measureExport(baseUrl, token, pid);
  const memory = `server RSS ${String(e.rssBeforeMb ?? '?')} → peak ${String(e.rssPeakMb ?? '?')} MB`;
  const note = `${EXPORT_PATH}: ${String(e.status)}, ${e.rows.toLocaleString('en-US')} rows, ${(e.bytes / 1e6).toFixed(1)} MB in ${e.seconds.toFixed(1)} s (server CPU ${e.serverCpuSeconds?.toFixed(1) ?? '?'} s), ${memory}, sha256 ${e.sha256}`;
  console.log(`  S10 CSV export: ${note}`);
  const ms = Math.round(e.seconds * 1000);
  return {
    key: 'S10',
    scenario: 'CSV export of every sample',
    requestsPerSecond: 0,
    p50Ms: ms,
    p99Ms: ms,
    requests: 1,
    note,
    exportRssPeakMb: e.rssPeakMb,
  };
}

function printTable(rows: Row[]): void {
  const header = ['', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'API/raw p50', 'raw/API req/s'];
  const lines = rows.map((r) => [
    r.key,
    r.scenario,
    r.requestsPerSecond.toFixed(0),
    String(r.p50Ms),
    String(r.p99Ms),
    String(r.requests),
    r.non2xx === undefined ? '' : String(r.non2xx + (r.errors ?? 0)),
    r.ratioP50 === undefined ? '' : `${r.ratioP50.toFixed(2)}x`,
    r.ratioThroughput === undefined ? '' : `${r.ratioThroughput.toFixed(2)}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
  for (const r of rows) if (r.note) console.log(`${r.key}: ${r.note}`);
}

async function main(): Promise<void> {
  const started = new Date();
  console.log(
    `bench: ${dialect}, ${settings.samples.toLocaleString('en-US')} samples, ${String(settings.connections)} connections × ${String(settings.durationSeconds)} s`,
  );
  const runDir = path.join(os.tmpdir(), `mdis-bench-${String(process.pid)}`);
  const dataset = await prepareDataset({ samples: settings.samples, postgresUrl, runDir, log: console.log });
  if (dataset.generation.generated)
    console.log(
      `generated ${String(dataset.generation.rows)} rows in ${dataset.generation.seconds?.toFixed(1) ?? '?'} s: ${String(dataset.generation.rowsPerSecond)} rows/s`,
    );
  const rows: Row[] = [];
  try {
    const targets = await findTargets(dataset.database);
    console.log(`targets: ${JSON.stringify(targets)}`);
    const server = await startServer({
      label: 'mdis-bench',
      env: { DATABASE_URL: dataset.databaseUrl, MDIS_ADMIN_PASSWORD: BENCH_ADMIN.password },
      // e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (NODE_OPTIONS refuses --cpu-prof).
      nodeOptions: process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [],
    });
    try {
      const token = await login(server.baseUrl);
      for (const scenario of apiScenarios(targets))
        if (wanted(scenario.key)) rows.push(await runApi(server.baseUrl, token, scenario));
      if (wanted('S10')) rows.push(await runExport(server.baseUrl, token, server.pid));
    } finally {
      await server.stop();
    }
    if (wanted('S6'))
      for (const query of rawQueries(targets, dialect).filter((q) => wanted(q.key))) {
        const measured = await measureRaw(dataset.database, query, settings.durationSeconds, settings.connections);
        const raw = { key: `S6/${query.key}`, scenario: `raw ${query.key}: count + page on the driver`, ...measured };
        console.log(`  ${raw.key}: ${raw.requestsPerSecond.toFixed(0)} req/s, p50 ${String(raw.p50Ms)} ms`);
        const api = rows.find((r) => r.key === query.key);
        if (api && api.requests > 0 && raw.p50Ms > 0) {
          api.ratioP50 = api.p50Ms / raw.p50Ms;
          api.ratioThroughput = raw.requestsPerSecond / api.requestsPerSecond;
        }
        rows.push(raw);
      }
    printTable(rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${started.toISOString().replace(/[:.]/g, '-')}-${dialect}.json`);
    const machine = {
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      platform: `${os.platform()} ${os.release()}`,
    };
    const report = { dialect, settings, machine, generation: dataset.generation, targets, rows };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nresults written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await dataset.cleanUp();
  }
}

await main();
