import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { roundTo } from '@mdis/shared/expressions';
import { type FilterRegex, foldForTextIndex, toFilterRegExp } from '@mdis/shared/filters';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import { auditActorJson, historyEnabled } from './audit-context';
import { auditedPool } from './audited-pool';
import { bulkInsertOn } from './bulk-insert';
import type { DatabaseConfig, Dialect } from './dialect';
import { QueryBudget } from './query-budget';
import type { DatabaseSchema, Db } from './schema';
import { type SqliteAnalyzer, createSqliteAnalyzer } from './sqlite-analyze';
import { type SqliteCheckpointer, sqliteCheckpointer } from './sqlite-checkpointer';

export interface Database {
  db: Db;
  dialect: Dialect;
  /** SQLite in a file: keeps the statistics fresh (sqlite-analyze.ts); `request()` after bulk writes. */
  analyzer?: SqliteAnalyzer;
  destroy(): Promise<void>;
}

function sqlText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// `x REGEXP p` calls regexp(p, x): the filter language's regex (shared, RE2: linear time), so SQL
// and the in-memory matcher agree. NULL on either side is NULL, as in SQL. Every call counts
// against the statement's budget: a filter over many rows is stopped instead of freezing the server.
function sqliteRegexp(budget: QueryBudget) {
  return (pattern: unknown, value: unknown): number | null => {
    if (pattern === null || value === null || pattern === undefined || value === undefined) return null;
    budget.check();
    let regex: FilterRegex;
    try {
      regex = toFilterRegExp(sqlText(pattern));
    } catch {
      // An invalid pattern matches nothing rather than failing the whole query.
      return 0;
    }
    return regex.test(sqlText(value)) ? 1 : 0;
  };
}

// `mdis_round(x, n)`: the expression language's round (half away from zero on the shortest decimal
// text, as roundDepth), so a sort or filter in SQL sees the value the API shows. SQLite's ROUND
// works on the binary value (37.025 → 37.02, shown as 37.03).
function sqliteRound(value: unknown, digits: unknown): number | null {
  const x = typeof value === 'number' || typeof value === 'bigint' ? Number(value) : Number.NaN;
  const n = Number(digits);
  return Number.isFinite(x) && Number.isInteger(n) && n >= 0 && n <= 15 ? roundTo(x, n) : null;
}

/**
 * The page cache of the connection, in KiB (SQLite's default is 2 MB). A sample table of a million
 * rows has nine indexes with random keys; with 2 MB each row's index entries met pages that had
 * left the cache, and in a long transaction dirty pages spilled to the WAL and were written again:
 * a 1M-sample import spent 15-23 % more CPU (docs/decisions.md). Pages are taken only as they are
 * read: a small database stays small.
 */
export const SQLITE_CACHE_KIB = 65_536;

interface SqliteConnection {
  db: Kysely<DatabaseSchema>;
  /** A file's (sqlite-checkpointer.ts); none in memory. */
  checkpointer?: SqliteCheckpointer;
}

function createSqlite(filename: string): SqliteConnection {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (a CLI, a backup) may hold the write lock briefly: wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`cache_size = -${String(SQLITE_CACHE_KIB)}`);
  const budget = new QueryBudget();
  sqlite.function('regexp', { deterministic: true }, sqliteRegexp(budget));
  sqlite.function('mdis_round', { deterministic: true }, sqliteRound);
  // What the trigram text index stores (engine/schema-sync/text-index.ts): its triggers call it.
  sqlite.function('mdis_fold', { deterministic: true }, (value: unknown) =>
    value === null || value === undefined ? null : foldForTextIndex(sqlText(value)),
  );
  // What the history triggers ask while a statement runs (see audit-context.ts).
  sqlite.function('mdis_audit', { deterministic: false }, auditActorJson);
  sqlite.function('mdis_history_on', { deterministic: false }, historyEnabled);
  // Whether the INSERT running is a batch's, whose triggers' work is done set-based (bulk-insert.ts).
  sqlite.function('mdis_bulk', { deterministic: false }, bulkInsertOn);
  const checkpointer =
    filename === ':memory:'
      ? undefined
      : sqliteCheckpointer(filename, (pages) => sqlite.pragma(`wal_autocheckpoint = ${String(pages)}`));
  // A write outside a transaction, or a commit: the log may have grown.
  const afterWrite = checkpointer
    ? () => {
        if (!sqlite.inTransaction) checkpointer.committed();
      }
    : undefined;
  const database = withStatementCache(sqlite, budget, afterWrite);
  return { db: new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) }), checkpointer };
}

const STATEMENT_CACHE_SIZE = 500;

// Every statement runs under the connection's budget (iterate is lazy: its consumer paces it);
// `afterWrite` after each one that writes.
function budgeted(statement: SQLite.Statement, budget: QueryBudget, afterWrite?: () => void): SqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => budget.run(() => statement.all(parameters)),
    run: (parameters) => {
      const result = budget.run(() => statement.run(parameters));
      afterWrite?.();
      return result;
    },
    iterate: (parameters) => statement.iterate(parameters),
  };
}

/**
 * Kysely prepares every query anew; on a page of 25 rows preparing costs more than running it.
 * Statements are reused by SQL text: the text is the query's shape (values are parameters), and
 * the queries built once per shape (prepared-query.ts, the list's cached parts) hand over the same
 * string, whose hash V8 keeps. A hit changes nothing (no reordering on the hot path); past the cap
 * the oldest prepared statement is dropped. Safe because Kysely runs one query at a time on its
 * single SQLite connection, and SQLite re-prepares a statement itself when the schema changed under it.
 */
function withStatementCache(sqlite: SQLite.Database, budget: QueryBudget, afterWrite?: () => void): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      const cached = statements.get(text);
      if (cached) return cached;
      const statement = budgeted(sqlite.prepare(text), budget, afterWrite);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(text, statement);
      return statement;
    },
  };
}

function createPostgres(connectionString: string, searchPath: string | undefined): Kysely<DatabaseSchema> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Memoize off: PostgreSQL 15 put a Memoize node on each parent join of the list (seven tables)
    // and sized its hash table by the estimated 1M distinct keys, whatever the LIMIT: 15-40 ms of
    // executor start-up for a page that runs in 0.3 ms (bench S1, EXPLAIN ANALYZE at 1M samples).
    // The lists join parents by primary key, where a cache saves little. Tests give every app its
    // own schema; production uses the connection's default.
    options: `-c enable_memoize=off${searchPath ? ` -c search_path=${searchPath}` : ''}`,
  });
  // A connection dropped while idle (server restart, failover) must not crash the process: the
  // pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL idle connection error: ${error.message}\n`);
  });
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: auditedPool(pool) }) });
}

export function createDatabase(config: DatabaseConfig): Database {
  if (config.dialect !== 'sqlite') {
    const db = createPostgres(config.connectionString, config.searchPath);
    return { db, dialect: config.dialect, destroy: () => db.destroy() };
  }
  const { db, checkpointer } = createSqlite(config.filename);
  if (!checkpointer) return { db, dialect: config.dialect, destroy: () => db.destroy() };
  const analyzer = createSqliteAnalyzer(db as unknown as Kysely<unknown>);
  return {
    db,
    dialect: config.dialect,
    analyzer,
    destroy: async () => {
      await analyzer.close();
      // Its connection first: the app's, closing last, checkpoints what is left and removes the log.
      await checkpointer.close();
      await db.destroy();
    },
  };
}
