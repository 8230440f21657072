import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { FILTER_REGEX_FLAGS } from '@mdis/shared/filters';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig, Dialect } from './dialect';
import type { DatabaseSchema, Db } from './schema';

export interface Database {
  db: Db;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// `x REGEXP p` calls regexp(p, x). Case-insensitive like the original's MySQL REGEXP on its
// case-insensitive collations (PostgreSQL uses `~*`). NULL on either side is NULL, as in SQL.
const regexCache = new Map<string, RegExp | null>();

function sqlText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function sqliteRegexp(pattern: unknown, value: unknown): number | null {
  if (pattern === null || value === null || pattern === undefined || value === undefined) return null;
  const source = sqlText(pattern);
  let regex = regexCache.get(source);
  if (regex === undefined) {
    try {
      regex = new RegExp(source, FILTER_REGEX_FLAGS);
    } catch {
      regex = null;
    }
    if (regexCache.size > 500) regexCache.clear();
    regexCache.set(source, regex);
  }
  // An invalid pattern matches nothing rather than failing the whole query.
  if (regex === null) return 0;
  return regex.test(sqlText(value)) ? 1 : 0;
}

function createSqlite(filename: string): Kysely<DatabaseSchema> {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (a CLI, a backup) may hold the write lock briefly: wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.function('regexp', { deterministic: true }, sqliteRegexp);
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; on a page of 25 rows preparing costs more than running it.
 * Statements are reused by SQL text (the oldest dropped past the cap). Safe because Kysely runs
 * one query at a time on its single SQLite connection, and SQLite re-prepares a statement itself
 * when the schema changed under it.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (statement) {
        // Most recently used last: Map keeps insertion order, so eviction drops the least recent.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

function createPostgres(connectionString: string, searchPath: string | undefined): Kysely<DatabaseSchema> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Tests give every app its own schema; production uses the connection's default.
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // A connection dropped while idle (server restart, failover) must not crash the process: the
  // pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL idle connection error: ${error.message}\n`);
  });
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
}

export function createDatabase(config: DatabaseConfig): Database {
  const db =
    config.dialect === 'sqlite'
      ? createSqlite(config.filename)
      : createPostgres(config.connectionString, config.searchPath);
  return { db, dialect: config.dialect, destroy: () => db.destroy() };
}
