import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type Kysely, sql } from 'kysely';
import { statisticsChanged } from './sqlite-stats';

/**
 * Keeps SQLite's statistics fresh after bulk writes (an import, a day of writing): the range hints
 * read the STAT4 samples (sqlite-stats.ts), and a table analysed while empty (schema sync) has none.
 *
 * `PRAGMA optimize` tells which tables need it (never analysed, or 10x more or fewer rows since),
 * but it is not run as is: with `analysis_limit` SQLite skips STAT4 (checked with 3.53: stat1 only),
 * and an unlimited ANALYZE of 1M samples takes ~3 s (nine indexes), which on the app's connection
 * would hold the event loop. So a worker thread, on its own connection, asks `PRAGMA optimize` in
 * its debugging mode (0x1: only list; 0x2: ANALYZE; 0x10000: every table) and analyses each index of
 * those tables on its own (one index of 1M samples: 0.2-0.5 s), in a transaction it rolls back after
 * reading the new statistics: a commit from a second connection would make the app's next deferred
 * transaction that reads before it writes fail with "database is locked" (a stale WAL snapshot).
 * The app's connection then writes the rows (a few dozen an index) and reloads them. While the
 * worker analyses an index, a write of the app waits for it (busy timeout): at most one index. Only
 * the model tables (those with a row counter, `record_counts`) are analysed, which the lists read:
 * the history of a 1M-sample database (4M rows, never analysed) held the lock past the busy timeout
 * and failed the bench's login.
 */

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.pragma('busy_timeout = 5000');
const found = [];
try {
  const counted = new Set(db.prepare('SELECT DISTINCT table_name AS t FROM record_counts').all().map((row) => row.t));
  const tables = db.prepare('PRAGMA optimize(0x10003)').all()
    .map((row) => /^ANALYZE "main"\\."(.+)"$/.exec(row.optimize)?.[1]?.replaceAll('""', '"'))
    .filter((table) => table !== undefined && counted.has(table));
  const indexesOf = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?");
  for (const table of tables) {
    for (const { name } of indexesOf.all(table)) {
      db.exec('BEGIN');
      try {
        db.exec('ANALYZE "' + name.replaceAll('"', '""') + '"');
        const stat1 = db.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 WHERE idx = ?').all(name);
        const stat4 = db.prepare('SELECT tbl, idx, neq, nlt, ndlt, sample FROM sqlite_stat4 WHERE idx = ?').all(name);
        found.push({ index: name, stat1, stat4 });
      } finally {
        db.exec('ROLLBACK');
      }
    }
  }
} finally {
  db.close();
}
parentPort.postMessage(found);
`;

interface IndexStatistics {
  index: string;
  stat1: { tbl: string; idx: string; stat: string }[];
  stat4: { tbl: string; idx: string; neq: string; nlt: string; ndlt: string; sample: Uint8Array }[];
}

/** Writes what the worker found on the app's connection and makes SQLite's planner read it. */
async function store(db: Kysely<unknown>, found: readonly IndexStatistics[]): Promise<void> {
  // Creates sqlite_stat1 and sqlite_stat4 where nothing was ever analysed (and reloads them below).
  await sql`ANALYZE sqlite_schema`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (const { index, stat1, stat4 } of found) {
      await sql`DELETE FROM sqlite_stat1 WHERE idx = ${index}`.execute(trx);
      await sql`DELETE FROM sqlite_stat4 WHERE idx = ${index}`.execute(trx);
      for (const row of stat1)
        await sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (${row.tbl}, ${row.idx}, ${row.stat})`.execute(trx);
      for (const row of stat4)
        await sql`INSERT INTO sqlite_stat4 (tbl, idx, neq, nlt, ndlt, sample)
          VALUES (${row.tbl}, ${row.idx}, ${row.neq}, ${row.nlt}, ${row.ndlt}, ${Buffer.from(row.sample)})`.execute(
          trx,
        );
    }
  });
  await sql`ANALYZE sqlite_schema`.execute(db);
}

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/** How often the statistics are checked without being asked (a check that finds nothing costs ~1 ms). */
export const ANALYZE_EVERY_MS = 10 * 60_000;

export interface SqliteAnalyzer {
  /** After a bulk write: check soon (a check already running is followed by one more). */
  request(): void;
  /** Resolves when no check is running or waiting (tests). */
  idle(): Promise<void>;
  /** Stops the timer and waits for a running check. */
  close(): Promise<void>;
}

export function createSqliteAnalyzer(
  filename: string,
  db: Kysely<unknown>,
  onError: (error: unknown) => void = (error) =>
    process.emitWarning(`SQLite statistics: ${error instanceof Error ? error.message : String(error)}`),
): SqliteAnalyzer {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const check = () =>
    new Promise<void>((resolve) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driver } });
      let found: IndexStatistics[] = [];
      worker.once('message', (message: IndexStatistics[]) => {
        found = message;
      });
      worker.once('error', onError);
      worker.once('exit', () => {
        if (found.length === 0) resolve();
        else void store(db, found).then(statisticsChanged, onError).finally(resolve);
      });
    });

  const run = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = check().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  };

  const timer = setInterval(run, ANALYZE_EVERY_MS);
  timer.unref();

  const idle = async (): Promise<void> => {
    while (running) await running;
  };
  return {
    request: run,
    idle,
    async close() {
      closed = true;
      clearInterval(timer);
      await idle();
    },
  };
}
