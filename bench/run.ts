// `npm run bench`: start the server on a free port with a fresh data directory (SQLite, or
// PostgreSQL with BENCH_DATABASE_URL, which must be an empty database/schema), seed users through
// the API and a records dataset directly (BENCH_ROWS leaf rows), then load each scenario with
// autocannon (127.0.0.1 only, bounded connections and duration). Prints a table and writes
// bench/results/<time>-<dialect>.json. Numbers are for comparing runs on one machine, not absolutes.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { parseDatabaseUrl } from '../packages/server/src/config';
import { LEAF_MODEL, seedRecords } from './records-seed';
import { recordScenarios, SCENARIOS, type Scenario } from './scenarios';
import { seedUsers } from './seed';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const ADMIN = { username: 'admin', password: 'bench-Admin-password-1' };
const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 5),
  users: Number(process.env.BENCH_USERS ?? 1000),
  rows: Number(process.env.BENCH_ROWS ?? 200_000),
  /** Only the scenarios whose name matches this regular expression (all when unset). */
  only: process.env.BENCH_ONLY,
};
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dialect = databaseUrl ? 'postgres' : 'sqlite';

interface Row {
  scenario: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

function printTable(rows: Row[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'];
  const lines = rows.map((r) => [
    r.scenario,
    r.requestsPerSecond.toFixed(0),
    String(r.p50Ms),
    String(r.p99Ms),
    String(r.requests),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
}

async function runScenario(baseUrl: string, token: string, scenario: Scenario): Promise<Row> {
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    connections: settings.connections,
    duration: settings.durationSeconds,
    headers: scenario.auth ? { Authorization: `Bearer ${token}` } : {},
  });
  console.log(`  done: ${scenario.name}`);
  return {
    scenario: scenario.name,
    path: scenario.path,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Users through the API, then the records dataset directly into the server's database. */
async function seed(baseUrl: string, dataDir: string, token: string) {
  const seedStarted = Date.now();
  await seedUsers(baseUrl, token, settings.users);
  console.log(`seeded ${settings.users} users through the API in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  const dataset = await seedRecords(parseDatabaseUrl(databaseUrl, dataDir), settings.rows);
  console.log(
    `loaded ${dataset.holes} ${LEAF_MODEL} rows (${dataset.sites} sites, ${dataset.expeditions} expeditions) ` +
      `with batched INSERTs in ${dataset.loadSeconds.toFixed(1)} s`,
  );
  return dataset;
}

async function main(): Promise<void> {
  console.log(`bench: ${dialect}, ${settings.connections} connections, ${settings.durationSeconds} s per scenario`);
  const server = await startServer({
    label: 'mdis-bench',
    env: {
      MDIS_ADMIN_USERNAME: ADMIN.username,
      MDIS_ADMIN_PASSWORD: ADMIN.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  try {
    const token = await login(server.baseUrl);
    const dataset = await seed(server.baseUrl, server.dataDir, token);
    const rows: Row[] = [];
    const only = settings.only === undefined ? undefined : new RegExp(settings.only, 'i');
    for (const scenario of [...SCENARIOS, ...recordScenarios(LEAF_MODEL, dataset.holes)])
      if (!only || only.test(scenario.name)) rows.push(await runScenario(server.baseUrl, token, scenario));
    printTable(rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${dialect}.json`);
    const machine = { node: process.version, cpus: os.cpus().length, platform: `${os.platform()} ${os.release()}` };
    writeFileSync(file, `${JSON.stringify({ dialect, settings, machine, dataset, rows }, null, 2)}\n`);
    console.log(`\nresults written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await server.stop();
  }
}

await main();
