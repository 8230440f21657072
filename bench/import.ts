// `npm run bench:import -- --rows N [--splits S] [--grouped] [--preview] [--upsert] [--crash-after S] [--cpu-prof DIR] [--sql-times FILE]`: issue 20's import target. Starts the
// server on a fresh data directory (SQLite; PostgreSQL with BENCH_DATABASE_URL: a database of its
// own is created on that server and dropped afterwards), writes the drilling chain down to S section
// splits through the API, generates a CSV of N samples naming their split by combined id (the
// behaviors give each its combined id and IGSN), and posts it to `POST api/v1/import/commit` (or
// `preview`). Prints rows/s end to end (upload included) and the server's peak RSS (read from /proc
// every 100 ms), and rows per second of the server's CPU time (steadier on a shared machine). Not part of CI: the lead runs 1M on a quiet machine; numbers compare runs on one
// machine, they are not absolutes. --crash-after S (SQLite): the server is killed S seconds into the
// commit, and another started on its data directory; prints the rows the import had kept, how long the
// new server took to be ready (it removes them first: modules/import/unfinished-imports.ts) and what stays.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type RunningServer, type StartOptions, startServer } from '../e2e/support/server';
import { cpuSeconds, rssMb } from './export';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    splits: { type: 'string', default: '20' },
    /**
     * The samples split by split (a lab's list in section order) instead of each row naming the next
     * split: the depth indexes then take their entries near each other, not all over the table.
     */
    grouped: { type: 'boolean', default: false },
    preview: { type: 'boolean', default: false },
    /** After the commit, the same records once more by IGSN, each changed (upsert mode). */
    upsert: { type: 'boolean', default: false },
    /** A directory: the server writes a CPU profile there when it stops (node --cpu-prof). */
    'cpu-prof': { type: 'string' },
    /** Options of the server's node, space-separated (e.g. `--trace-gc`, `--import ./memory-log.mjs`). */
    'node-options': { type: 'string' },
    /** SQLite: a file the server writes its statements' times to when it stops (bench/sqlite-statement-times.mjs). */
    'sql-times': { type: 'string' },
    /** SQLite: kill the server this many seconds into the commit, then start another on its data (see above). */
    'crash-after': { type: 'string' },
    /** A file the server's output is written to when it stops. */
    'server-log': { type: 'string' },
  },
});
const rows = Number(args.rows);
const splitCount = Number(args.splits);
if (!Number.isSafeInteger(rows) || rows < 1) throw new Error('--rows must be a whole number ≥ 1');
if (!Number.isSafeInteger(splitCount) || splitCount < 1) throw new Error('--splits must be a whole number ≥ 1');
const ADMIN = { username: 'admin', password: 'bench-Admin-password-1' };
const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const crashAfter = args['crash-after'] === undefined ? undefined : Number(args['crash-after']);
if (crashAfter !== undefined && (!(crashAfter > 0) || postgresUrl))
  throw new Error('--crash-after takes seconds > 0, on SQLite (a PostgreSQL import is one transaction)');
if (args['sql-times'] && postgresUrl)
  throw new Error('--sql-times times SQLite statements: run it without BENCH_DATABASE_URL');

type Row = Record<string, unknown>;

/** A database of the bench's own on the PostgreSQL server of BENCH_DATABASE_URL; dropped by the returned function. */
async function ownDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mdis_import_bench_${String(process.pid)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function api(baseUrl: string, token: string) {
  const call = async (method: string, url: string, body?: Row): Promise<Row> => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (response.status >= 400)
      throw new Error(`${method} ${url} answered ${String(response.status)}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as Row;
  };
  return {
    create: (form: string, body: Row) => call('POST', `/api/v1/form?name=${form}`, body),
    list: async (form: string, filter: string) =>
      (await call('GET', `/api/v1/form?name=${form}&${filter}&per-page=-1`)).items as Row[],
  };
}

/** Program → expedition → site → hole → core → `count` sections, each with the split the behaviors create. */
async function splitsOf(baseUrl: string, token: string, count: number): Promise<string[]> {
  const { create, list } = api(baseUrl, token);
  const program = await create('program', { program: 'ICDP', name: 'International Continental Drilling Program' });
  const expedition = await create('expedition', {
    program_id: program.id,
    expedition: '5065',
    exp_name: 'Import bench',
    exp_acronym: 'BENCH',
    chief_scientists: ['AM'],
    contact: 'Anna Meyer',
    start_date: '2024-05-01',
  });
  const site = await create('site', { expedition_id: expedition.id, site: '1' });
  const hole = await create('hole', { site_id: site.id, hole: 'A', start_date: '2024-05-02' });
  const keys: string[] = [];
  for (let c = 0; keys.length < count; c += 1) {
    const core = await create('core', {
      hole_id: hole.id,
      core: c + 1,
      core_ondeck: '2024-05-03T10:00:00Z',
      drillers_top_depth: 10 * c,
      drilled_length: 9,
      core_recovery: 9,
      core_type: 'R',
    });
    for (let s = 0; s < 9 && keys.length < count; s += 1) {
      const section = await create('section', {
        core_id: core.id,
        section: s + 1,
        section_length: 1,
        curated_length: 1,
      });
      const splits = await list('split', `filter[section_id]==${String(section.id)}`);
      for (const split of splits) if (keys.length < count) keys.push(String(split.combined_id));
    }
  }
  return keys;
}

function csvOf(keys: readonly string[], count: number, grouped: boolean): string {
  const lines = ['Section Split ID,Top [cm],Sample Length [cm],Sample Material,Comment'];
  for (let i = 0; i < count; i += 1) {
    const key = grouped ? keys[Math.floor((i * keys.length) / count)] : keys[i % keys.length];
    lines.push(`${key},${String(i % 100)},1,ROCK,bench sample ${String(i + 1)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A multipart POST through node:http: fetch gives up when no answer has come within 5 minutes
 * (undici's headers timeout), which a 1M-row commit on a loaded machine takes longer than.
 */
async function postWithoutTimeout(
  url: string,
  token: string,
  form: FormData,
): Promise<{ status: number; text: string }> {
  const request = new Request(url, { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': request.headers.get('content-type') ?? '',
        'Content-Length': body.length,
      },
    });
    outgoing.on('error', reject);
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.end(body);
  });
}

/** The running server an import is measured on. */
interface Where {
  baseUrl: string;
  pid: number | undefined;
  token: string;
  dialect: 'postgres' | 'sqlite';
  splits: number;
}

/** The multipart body of an import of `csv` into the sample form. */
function importForm(csv: string, mode: 'insert' | 'upsert'): FormData {
  const file = path.join(os.tmpdir(), `mdis-import-bench-${String(process.pid)}.csv`);
  writeFileSync(file, csv);
  const form = new FormData();
  form.append('form', 'sample');
  form.append('mode', mode);
  form.append('file', new Blob([readFileSync(file)]), 'samples.csv');
  // The form holds its bytes: the file (up to ~100 MB at 1M rows) is not left in the temp folder.
  rmSync(file);
  return form;
}

/** --crash-after: the server killed part-way through a commit, and the start of the next one timed. */
async function crashAndRestart(server: RunningServer, where: Where, csv: string, seconds: number): Promise<void> {
  const posted = postWithoutTimeout(`${where.baseUrl}/api/v1/import/commit`, where.token, importForm(csv, 'insert'));
  const answered = posted.then(
    () => true,
    () => false,
  );
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await server.crash();
  if (await answered) throw new Error('the commit answered before the server was killed: give --crash-after less');
  const file = path.join(server.dataDir, 'mdis.sqlite');
  const samples = () => {
    const db = new SQLite(file, { readonly: true });
    try {
      return (db.prepare('SELECT count(*) AS n FROM curation_sample').get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const kept = samples();
  const started = performance.now();
  const options = serverOptions();
  const next = await startServer({
    ...options,
    dataDir: server.dataDir,
    env: { ...options.env, LOG_LEVEL: 'info' },
    startTimeoutMs: 30 * 60_000,
  });
  const restartSeconds = (performance.now() - started) / 1000;
  const after = samples();
  await next.stop();
  // What the start said about the removal (its log lines).
  for (const line of next.output().split('\n')) if (line.includes('import that did not finish')) console.log(line);
  console.log(
    JSON.stringify({
      step: 'crash',
      afterSeconds: seconds,
      rowsKept: kept,
      restartSeconds: Number(restartSeconds.toFixed(2)),
      rowsAfterRestart: after,
    }),
  );
}

/** Posts one import and prints its figures: wall time, the server's CPU time and peak RSS. */
async function measure(where: Where, step: string, csv: string, mode: 'insert' | 'upsert'): Promise<void> {
  const { baseUrl, pid, token } = where;
  const form = importForm(csv, mode);
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore ?? 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid) ?? 0)), 100);
  const cpuBefore = cpuSeconds(pid);
  // The event loop's thread (its id is the process's): what the import waits for; worker threads run beside it.
  const mainCpuBefore = cpuSeconds(pid, pid);
  const started = performance.now();
  const route = step === 'preview' ? 'preview' : 'commit';
  const response = await postWithoutTimeout(`${baseUrl}/api/v1/import/${route}`, token, form);
  const answer = response.text;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpu = (cpuSeconds(pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  const mainCpu = (cpuSeconds(pid, pid) ?? Number.NaN) - (mainCpuBefore ?? Number.NaN);
  if (response.status >= 400) throw new Error(`${step} answered ${String(response.status)}: ${answer.slice(0, 500)}`);
  const counts = (JSON.parse(answer) as { counts: Row }).counts;
  console.log(
    JSON.stringify({
      dialect: where.dialect,
      step,
      rows,
      splits: where.splits,
      grouped: args.grouped,
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(rows / seconds),
      // The server's CPU time for the import: steadier than wall time while other work shares the machine.
      serverCpuSeconds: Number(cpu.toFixed(2)),
      rowsPerCpuSecond: Math.round(rows / cpu),
      mainThreadCpuSeconds: Number(mainCpu.toFixed(2)),
      rssBeforeMb: rssBefore,
      rssPeakMb: rssPeak,
      counts,
    }),
  );
}

/**
 * The server's environment and node options: the profile and statement times are written when it
 * stops, so with --crash-after they are the second server's (its start, the removal).
 */
function serverOptions(databaseUrl?: string): StartOptions {
  return {
    env: {
      MDIS_ADMIN_PASSWORD: ADMIN.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(args['sql-times'] ? { MDIS_BENCH_SQL_TIMES: path.resolve(args['sql-times']) } : {}),
    },
    nodeOptions: [
      ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : []),
      ...(args['sql-times']
        ? ['--import', fileURLToPath(new URL('./sqlite-statement-times.mjs', import.meta.url))]
        : []),
      ...(args['node-options']?.split(' ').filter(Boolean) ?? []),
    ],
  };
}

async function main(): Promise<void> {
  const database = postgresUrl ? await ownDatabase(postgresUrl) : undefined;
  const server = await startServer({ label: 'mdis-import-bench', ...serverOptions(database?.url) });
  try {
    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { token: string }).token;
    const keys = await splitsOf(server.baseUrl, token, splitCount);
    const where: Where = {
      baseUrl: server.baseUrl,
      pid: server.pid,
      token,
      dialect: database ? 'postgres' : 'sqlite',
      splits: keys.length,
    };
    if (crashAfter !== undefined) {
      await crashAndRestart(server, where, csvOf(keys, rows, args.grouped), crashAfter);
      return;
    }
    await measure(where, args.preview ? 'preview' : 'commit', csvOf(keys, rows, args.grouped), 'insert');
    if (args.upsert && !args.preview) {
      // The same records again, by IGSN, each with a new comment: every row an update.
      const { list } = api(server.baseUrl, token);
      const stored = await list('sample', 'fields=igsn');
      const lines = ['IGSN,Comment', ...stored.map((r, i) => `${String(r.igsn)},updated ${String(i + 1)}`)];
      await measure(where, 'upsert', `${lines.join('\n')}\n`, 'upsert');
    }
  } finally {
    await server.stop();
    if (args['server-log']) writeFileSync(args['server-log'], server.output());
    await database?.drop();
  }
}

await main();
