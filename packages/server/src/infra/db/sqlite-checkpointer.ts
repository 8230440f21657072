import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// SQLite in WAL mode copies the log back into the database file (a checkpoint) on the connection
// that commits, once the log has passed `wal_autocheckpoint` pages: the writer waits for those
// writes and the file's fsync. An import commits thousands of pages a second, and each commit was
// checkpointed on the event loop's thread: COMMIT took 6.6-9.5 s of a 100k-sample import's
// statement time there (a fifth to a quarter of it), 3.7-4.4 s with the checkpoints on a worker
// thread (bench:import under load). The worker has a connection of its own: a PASSIVE checkpoint
// takes no write lock, never waits for readers or writers and copies only the frames no reader
// still needs; the app's connection starts the log afresh when it finds everything copied.

/** Log pages after which the checkpointer starts: SQLite's default `wal_autocheckpoint`. */
export const CHECKPOINTER_AFTER_PAGES = 1000;
/**
 * The app's own `wal_autocheckpoint` once the checkpointer runs: a safety net (200 MB of log)
 * should the worker fall behind or fail. Above what a few of an import's 1-s transactions write
 * at a million rows (each dirties index pages all over the table), so that the worker does them.
 */
export const SAFETY_NET_PAGES = 50_000;
/** At most one checkpoint per this interval: a steady writer's commits are copied together. */
const CHECKPOINT_EVERY_MS = 500;

/** A log frame: its header and a page (SQLite's default page size, which the app keeps). */
const WAL_FRAME_BYTES = 24 + 4096;

// CommonJS, run with `eval`: no loader needed (the server runs under tsx, its files are TypeScript).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.filename);
db.pragma('busy_timeout = 5000');
// A checkpoint copies log frames to the file without the page cache: a small one is enough.
db.pragma('cache_size = -256');
let timer;
let last = 0;
const checkpoint = () => {
  timer = undefined;
  last = Date.now();
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
};
parentPort.on('message', (message) => {
  if (message === 'close') {
    clearTimeout(timer);
    db.close();
    parentPort.close();
  } else if (timer === undefined) timer = setTimeout(checkpoint, Math.max(0, last + workerData.everyMs - Date.now()));
});
`;

export interface SqliteCheckpointer {
  /** After a write that ended a transaction (a commit, an autocommit statement). */
  committed(): void;
  /** Stops the worker (its connection closed) before the app's connection closes. */
  close(): Promise<void>;
}

/**
 * The checkpointer of a database file: nothing until its log first passes CHECKPOINTER_AFTER_PAGES
 * (a small database, a test's, keeps SQLite's own checkpoints and no thread), then a worker that
 * checkpoints after commits; `setAutocheckpoint` sets the app connection's `wal_autocheckpoint`.
 */
export function sqliteCheckpointer(filename: string, setAutocheckpoint: (pages: number) => void): SqliteCheckpointer {
  let worker: Worker | undefined;
  /** Closed, or the worker failed: the app's connection checkpoints itself (SQLite's default). */
  let stopped = false;
  const start = () => {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // A few MB of heap: it holds a connection and a timer (the app's RSS is a target of issue 20).
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
      workerData: {
        filename,
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        everyMs: CHECKPOINT_EVERY_MS,
      },
    });
    // The server may end while it runs: it holds nothing the process has to wait for.
    worker.unref();
    worker.on('message', (message: { error?: string }) => {
      if (message.error) process.stderr.write(`SQLite checkpoint failed: ${message.error}\n`);
    });
    worker.on('error', (error) => {
      process.stderr.write(`SQLite checkpointer stopped: ${error.message}\n`);
      stopped = true;
      worker = undefined;
      setAutocheckpoint(CHECKPOINTER_AFTER_PAGES);
    });
    setAutocheckpoint(SAFETY_NET_PAGES);
  };
  const logPages = () => {
    try {
      return statSync(`${filename}-wal`).size / WAL_FRAME_BYTES;
    } catch {
      return 0;
    }
  };
  return {
    committed() {
      if (stopped) return;
      if (worker) worker.postMessage('commit');
      else if (logPages() >= CHECKPOINTER_AFTER_PAGES) start();
    },
    async close() {
      stopped = true;
      const running = worker;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      // Referenced again: the process waits for it (a command line's last await would find nothing pending).
      running.ref();
      running.postMessage('close');
      await exited;
    },
  };
}
