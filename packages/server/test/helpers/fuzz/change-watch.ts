import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import type { Dialect } from '../../../src/infra/db/dialect';
import type { Db } from '../../../src/infra/db/schema';

/**
 * What a rejected request may write by design, and why: any other committed write is a finding.
 * - login_counters: a failed login is counted (the throttle) and is a 4xx.
 * - auth_tokens last_used_at / expires_at: the sliding expiry of the caller's token.
 */
const WRITES_BY_DESIGN: Partial<Record<string, readonly string[] | 'all'>> = {
  login_counters: 'all',
  auth_tokens: ['last_used_at', 'expires_at'],
};

const COUNTER = 'fuzz_writes';

/**
 * Tables the database writes itself, by triggers, alongside a watched row write: counting them too
 * would count that one write two or three times. The record history, the row counters, and SQLite's
 * FTS5 text indexes (virtual tables, which take no triggers, and their shadow tables).
 */
const DERIVED = ['record_history', 'record_counts'];

/** One state of the data: committed row writes so far, the schema, the stored files. */
export interface Snapshot {
  writes: number;
  schema: string;
  storage: string;
}

/**
 * Watches for changes to the database and the storage. A trigger on every table counts committed
 * row writes into one counter row (a rolled-back write rolls its count back too), so a check is one
 * small query instead of reading every table: hashing all rows cost 24 ms per request on SQLite and
 * 56 ms on PostgreSQL, more than the requests themselves. The schema (DDL) and the storage folder's
 * file list are compared as well. Tables made later (the template manager's schema sync) get their
 * trigger from `prepare()`, which the caller runs after every accepted request.
 */
export interface ChangeWatch {
  prepare(): Promise<void>;
  snapshot(): Promise<Snapshot>;
}

function updateOf(table: string): string[] | undefined {
  const ignored = WRITES_BY_DESIGN[table];
  if (!ignored || ignored === 'all') return undefined;
  return [...ignored];
}

async function sqliteColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

async function prepareSqlite(db: Db): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(COUNTER)} (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`.execute(db);
  await sql`INSERT OR IGNORE INTO ${sql.table(COUNTER)} (id, n) VALUES (1, 0)`.execute(db);
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master t WHERE type = 'table'
    AND name NOT LIKE 'sqlite_%' AND name <> ${COUNTER} AND name NOT IN (${sql.join(DERIVED)})
    AND coalesce(sql, '') NOT LIKE 'CREATE VIRTUAL TABLE%'
    AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%'
      AND substr(t.name, 1, length(v.name) + 1) = v.name || '_')
    AND NOT EXISTS (SELECT 1 FROM sqlite_master g WHERE g.type = 'trigger' AND g.name = 'fuzz_d_' || t.name)`.execute(
    db,
  );
  const bump = sql.raw(`UPDATE ${COUNTER} SET n = n + 1 WHERE id = 1;`);
  for (const { name } of rows) {
    if (WRITES_BY_DESIGN[name] === 'all') continue;
    const ignored = updateOf(name);
    const watched = ignored && (await sqliteColumns(db, name)).filter((column) => !ignored.includes(column));
    const of = watched ? sql` OF ${sql.join(watched.map((column) => sql.id(column)))}` : sql``;
    const table = sql.table(name);
    await sql`CREATE TRIGGER ${sql.id(`fuzz_i_${name}`)} AFTER INSERT ON ${table} BEGIN ${bump} END`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`fuzz_u_${name}`)} AFTER UPDATE${of} ON ${table} BEGIN ${bump} END`.execute(db);
    // Created last: its presence marks the table as prepared.
    await sql`CREATE TRIGGER ${sql.id(`fuzz_d_${name}`)} AFTER DELETE ON ${table} BEGIN ${bump} END`.execute(db);
  }
}

async function preparePostgres(db: Db): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(COUNTER)} (id integer PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO ${sql.table(COUNTER)} (id, n) VALUES (1, 0) ON CONFLICT DO NOTHING`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN UPDATE fuzz_writes SET n = n + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
  const { rows } = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> ${COUNTER}
    AND c.relname NOT IN (${sql.join(DERIVED)})
    AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'fuzz_w')`.execute(db);
  for (const { name } of rows) {
    if (WRITES_BY_DESIGN[name] === 'all') continue;
    const ignored = updateOf(name);
    const { rows: columns } = await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${name}`.execute(db);
    const watched = ignored && columns.map((c) => c.name).filter((column) => !ignored.includes(column));
    const update = watched ? sql`UPDATE OF ${sql.join(watched.map((column) => sql.id(column)))}` : sql`UPDATE`;
    await sql`CREATE TRIGGER fuzz_w AFTER INSERT OR DELETE OR ${update} ON ${sql.table(name)}
      FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`.execute(db);
  }
}

async function schemaOf(db: Db, dialect: Dialect): Promise<string> {
  const query =
    dialect === 'sqlite'
      ? sql<{ schema: string }>`SELECT group_concat(type || ' ' || name || ' ' || coalesce(sql, ''), char(10)) AS schema
          FROM (SELECT type, name, sql FROM sqlite_master ORDER BY type, name)`
      : sql<{
          schema: string;
        }>`SELECT md5(string_agg(c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text,
            ',' ORDER BY c.relname, a.attnum)) AS schema
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'i') AND a.attnum > 0 AND NOT a.attisdropped`;
  const { rows } = await query.execute(db);
  return rows[0]?.schema ?? '';
}

async function filesUnder(root: string): Promise<string> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  return files.sort().join('\n');
}

export function createChangeWatch(db: Db, dialect: Dialect, storageRoot: string): ChangeWatch {
  return {
    prepare: () => (dialect === 'sqlite' ? prepareSqlite(db) : preparePostgres(db)),
    async snapshot() {
      const { rows } = await sql<{ n: number | string }>`SELECT n FROM ${sql.table(COUNTER)} WHERE id = 1`.execute(db);
      return {
        writes: Number(rows[0]?.n ?? -1),
        schema: await schemaOf(db, dialect),
        storage: await filesUnder(storageRoot),
      };
    },
  };
}

/** What differs between two snapshots (empty: nothing changed). */
export function changesBetween(before: Snapshot, after: Snapshot): string[] {
  return [
    ...(after.writes === before.writes ? [] : [`${after.writes - before.writes} row write(s)`]),
    ...(after.schema === before.schema ? [] : ['the schema']),
    ...(after.storage === before.storage ? [] : ['the stored files']),
  ];
}
