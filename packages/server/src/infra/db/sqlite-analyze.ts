import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { statisticsChanged } from './sqlite-stats';

/**
 * Keeps SQLite's statistics fresh after bulk writes (an import, a day of writing): the range hints
 * read the STAT4 samples (sqlite-stats.ts), and a table analysed while empty (schema sync) has none.
 *
 * `PRAGMA optimize` tells which tables need it (never analysed, or 10x more or fewer rows since),
 * but it is not run as is: with `analysis_limit` SQLite skips STAT4 (checked with 3.53: stat1 only),
 * and an unlimited ANALYZE of a table of 1M samples holds the event loop ~3 s (nine indexes). So
 * it is asked in its debugging mode (0x1: only list; 0x2: ANALYZE; 0x10000: every table) and each
 * index of those tables is analysed on its own, yielding to other requests in between: one index
 * of 1M samples holds the loop 0.2-0.5 s, like a broad filter within its query budget. Only the
 * model tables (those with a row counter, `record_counts`), which the lists read, and the system
 * tables that grow with the data (BIG_SYSTEM_TABLES).
 *
 * Not on a second connection (a worker thread): while it held the write lock, the app's deferred
 * transactions that read before they write got "database is locked" at once (SQLite does not wait
 * to upgrade a read transaction), and the bench's login failed.
 */

/** How often the statistics are checked without being asked (a check that finds nothing: ~1 ms). */
export const ANALYZE_EVERY_MS = 10 * 60_000;

export interface SqliteAnalyzer {
  /** After a bulk write: check soon (a check already running is followed by one more). */
  request(): void;
  /** Resolves when no check is running or waiting (tests). */
  idle(): Promise<void>;
  /** Stops the timer and waits for a running check. */
  close(): Promise<void>;
}

/**
 * System tables that grow with the records, read by filtered queries: the record history (a row per
 * record written: one record's timeline, the audit page by user or batch), the IGSN registry (a row
 * per registered sample) and the offline sync's applied operations (a row per synced change).
 */
export const BIG_SYSTEM_TABLES: readonly string[] = ['record_history', 'igsn_registry', 'offline_applied_ops'];

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The indexes of the model and big system tables `PRAGMA optimize` would analyse. */
async function staleIndexes(db: Kysely<unknown>): Promise<string[]> {
  const { rows: counted } = await sql<{ t: string }>`SELECT DISTINCT table_name AS t FROM record_counts`.execute(db);
  const watched = new Set([...counted.map((row) => row.t), ...BIG_SYSTEM_TABLES]);
  const { rows } = await sql<{ optimize: string }>`PRAGMA optimize(0x10003)`.execute(db);
  const tables = rows
    .map((row) => /^ANALYZE "main"\."(.+)"$/.exec(row.optimize)?.[1]?.replaceAll('""', '"'))
    .filter((table): table is string => table !== undefined && watched.has(table));
  if (tables.length === 0) return [];
  const { rows: indexes } = await sql<{ name: string }>`SELECT name FROM sqlite_master
    WHERE type = 'index' AND tbl_name IN (${sql.join(tables)})`.execute(db);
  return indexes.map((row) => row.name);
}

async function analyse(db: Kysely<unknown>): Promise<void> {
  const indexes = await staleIndexes(db);
  for (const index of indexes) {
    await nextTurn();
    await sql.raw(`ANALYZE ${quoted(index)}`).execute(db);
  }
  if (indexes.length > 0) statisticsChanged();
}

export function createSqliteAnalyzer(
  db: Kysely<unknown>,
  onError: (error: unknown) => void = (error) =>
    process.emitWarning(`SQLite statistics: ${error instanceof Error ? error.message : String(error)}`),
): SqliteAnalyzer {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const run = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = analyse(db)
      .catch(onError)
      .finally(() => {
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
