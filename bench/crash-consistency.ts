// `npm run crash-test [-- --rounds 5 --workers 4 --database-url postgres://…]`: starts the real server
// (SQLite in a fresh data directory, or a fresh PostgreSQL database created on the server the URL
// names and dropped afterwards), streams creates, updates and uploads at it, kill -9s it mid-stream,
// restarts it and checks that every acknowledged write is there, that no stored bytes lack a row,
// that no interrupted upload left temporaries behind, and that every file is served whole. Prints
// the figures of each round and the totals; exits 1 when a write was lost or a file is half-written.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ServerProcess, startServerProcess } from './crash/server-process';
import { type Check, verify } from './crash/verify';
import { createHole, emptyLedger, login, writeStream } from './crash/workload';
import { freshPostgresDatabase } from './fresh-postgres';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    workers: { type: 'string', default: '4' },
    /** The server is killed at a random moment between these many milliseconds of writing. */
    'min-ms': { type: 'string', default: '1500' },
    'max-ms': { type: 'string', default: '4000' },
    'database-url': { type: 'string', default: process.env.CRASH_DATABASE_URL },
  },
});
const rounds = Number(args.rounds);
const workers = Number(args.workers);
const [minMs, maxMs] = [Number(args['min-ms']), Number(args['max-ms'])];
const ADMIN_PASSWORD = 'crash-Admin-password-1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(check: Check): string {
  return `lost ${String(check.lost.length)}, orphans ${String(check.orphans.length)}, leftovers ${String(check.leftovers.length)}, half-written ${String(check.halfWritten.length)}, dangling ${String(check.dangling.length)}`;
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mdis-crash-'));
  const tmpDir = path.join(dataDir, 'tmp');
  mkdirSync(tmpDir);
  const database = args['database-url'] ? await freshPostgresDatabase(args['database-url'], 'mdis_crash') : undefined;
  const env = { dataDir, tmpDir, adminPassword: ADMIN_PASSWORD, ...(database ? { databaseUrl: database.url } : {}) };
  const dialect = database ? 'postgres' : 'sqlite';
  console.log(
    `crash consistency (${dialect}): ${String(rounds)} rounds, ${String(workers)} workers, data in ${dataDir}`,
  );
  const ledger = emptyLedger();
  let server: ServerProcess | undefined;
  let check: Check | undefined;
  try {
    server = await startServerProcess(env);
    let api = await login(server.baseUrl, ADMIN_PASSWORD);
    const holeId = await createHole(api);
    for (let round = 1; round <= rounds; round += 1) {
      let stopped = false;
      const stream = writeStream(api, ledger, holeId, workers, () => stopped);
      const delay = minMs + Math.random() * (maxMs - minMs);
      await sleep(delay);
      await server.kill();
      stopped = true;
      await stream;
      server = await startServerProcess(env);
      await sleep(1000); // the start-up sweep of temporaries runs in the background
      api = await login(server.baseUrl, ADMIN_PASSWORD);
      check = await verify(api, ledger, path.join(dataDir, 'files'), tmpDir);
      const { creates, updates, uploads } = ledger.acknowledged;
      console.log(
        `round ${String(round)}: killed after ${(delay / 1000).toFixed(1)} s; acknowledged so far ${String(creates + updates + uploads)} ` +
          `(creates ${String(creates)}, updates ${String(updates)}, uploads ${String(uploads)}); ${summary(check)}`,
      );
    }
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  if (!check) return 1;
  for (const [label, list] of Object.entries({
    lost: check.lost,
    orphan: check.orphans,
    leftover: check.leftovers,
    'half-written': check.halfWritten,
    dangling: check.dangling,
  }))
    for (const item of list.slice(0, 10)) console.log(`  ${label}: ${item}`);
  if (ledger.refusals.length > 0)
    console.log(`  refused writes (not counted as acknowledged): ${ledger.refusals.slice(0, 5).join(' | ')}`);
  const { creates, updates, uploads } = ledger.acknowledged;
  const parts = check.leftovers.filter((name) => name.endsWith('.part')).length;
  console.log(
    `TOTAL (${dialect}): rounds ${String(rounds)}; acknowledged writes ${String(creates + updates + uploads)} ` +
      `(creates ${String(creates)}, updates ${String(updates)}, uploads ${String(uploads)}); lost writes ${String(check.lost.length)}; ` +
      `orphans ${String(check.orphans.length)} stored files without a row + ${String(parts)} .part files + ${String(check.leftovers.length - parts)} spool folders; ` +
      `half-written ${String(check.halfWritten.length)}; dangling rows of unacknowledged uploads ${String(check.dangling.length)}`,
  );
  return check.lost.length + check.halfWritten.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
