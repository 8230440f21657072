import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect';
import { quoteName, quoteText, replaceSqliteTriggers } from './sqlite-triggers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- triggers go on any table
type AnyDb = Kysely<any>;

// Every template table (and the system tables people edit: users, value lists) gets triggers that
// write a `record_history` row per created, changed or deleted record, and every m:n join table
// triggers that write its added and removed links, in the statement's own transaction: every write
// path is covered (forms, global, behaviors cascading to other records, sample series, the IGSN
// backfill, a deletion's cascade to its links) and a failed write leaves no history. The actor comes from the app while the statement runs (infra/db/audit-context.ts).

const PG_TRIGGER = 'mdis_history';
/** The engine's maintained columns (engine/records/maintained-columns.ts; not imported: infra stays below the engine). */
const MAINTAINED_PREFIX = 'maintained__';
const INSERT_HISTORY =
  'INSERT INTO record_history (at, action, table_name, record_id, changes, user_id, user_name, batch_id, route, client)';
/** The actor's JSON keys (audit-context.ts), in the order of INSERT_HISTORY's columns. */
const ACTOR_KEYS = ['u', 'n', 'b', 'r', 'c'];
const SQLITE_ACTOR = ACTOR_KEYS.map((key) => `json_extract(a.j, '$.${key}')`).join(', ');
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

function sqliteTriggerName(table: string, action: string): string {
  return `mdis_history_${table}_${action}`;
}

// A function takes at most 127 arguments in SQLite: up to 63 columns the record is one
// json_object(...) (several times faster per row: an import's inserts spend much of their time
// here); past that, json_group_object over one row per column. Both give the same text.
const MAX_JSON_OBJECT_PAIRS = 63;

function pairs(columns: readonly string[], row: 'NEW' | 'OLD'): string {
  return columns.map((c) => `SELECT ${quoteText(c)} AS k, ${row}.${quoteName(c)} AS v`).join(' UNION ALL ');
}

/** The whole record as JSON, from the trigger's row, as the subquery aliased `d` (column `c`). */
function wholeRecord(columns: readonly string[], row: 'NEW' | 'OLD'): string {
  if (columns.length <= MAX_JSON_OBJECT_PAIRS)
    return `(SELECT json_object(${columns.map((c) => `${quoteText(c)}, ${row}.${quoteName(c)}`).join(', ')}) AS c) d`;
  return `(SELECT json_group_object(k, v) AS c FROM (${pairs(columns, row)})) d`;
}

function changedPairs(columns: readonly string[]): string {
  return columns
    .map((c) => `SELECT ${quoteText(c)} AS k, OLD.${quoteName(c)} AS o, NEW.${quoteName(c)} AS n`)
    .join(' UNION ALL ');
}

/** The three CREATE TRIGGER statements of one SQLite table, by trigger name. */
export function sqliteHistoryTriggers(table: string, columns: readonly string[]): Map<string, string> {
  const on = quoteName(table);
  const name = quoteText(table);
  const actor = `(SELECT mdis_audit() AS j) a`;
  const whole = (row: 'NEW' | 'OLD') => wholeRecord(columns, row);
  const statements = new Map<string, string>();
  const add = (action: string, event: string, body: string, when = 'mdis_history_on()') => {
    const trigger = sqliteTriggerName(table, action);
    statements.set(
      trigger,
      `CREATE TRIGGER ${quoteName(trigger)} AFTER ${event} ON ${on} WHEN ${when} BEGIN ${INSERT_HISTORY} ${body}; END`,
    );
  };
  // A batch's INSERT writes its create rows at once instead (sqliteHistoryInserted), up to 63 columns.
  // mdis_bulk() first: SQLite stops at the first false term, so a batch's rows call one function, not two.
  add(
    'create',
    'INSERT',
    `SELECT ${SQLITE_NOW}, 'create', ${name}, NEW.id, d.c, ${SQLITE_ACTOR} FROM ${actor}, ${whole('NEW')}`,
    columns.length <= MAX_JSON_OBJECT_PAIRS ? 'NOT mdis_bulk() AND mdis_history_on()' : undefined,
  );
  add(
    'update',
    'UPDATE',
    `SELECT ${SQLITE_NOW}, 'update', ${name}, NEW.id, d.c, ${SQLITE_ACTOR} FROM ${actor}, ` +
      `(SELECT json_group_object(k, json_array(o, n)) AS c FROM (${changedPairs(columns)}) WHERE o IS NOT n) d ` +
      `WHERE d.c <> '{}'`,
  );
  add(
    'delete',
    'DELETE',
    `SELECT ${SQLITE_NOW}, 'delete', ${name}, OLD.id, d.c, ${SQLITE_ACTOR} FROM ${actor}, ${whole('OLD')}`,
  );
  return statements;
}

/** SQLite: the name of the history trigger of a table's inserts. */
export function sqliteHistoryCreateTrigger(table: string): string {
  return sqliteTriggerName(table, 'create');
}

/**
 * SQLite: the columns a live create trigger records, when it is the bulk-aware one that
 * sqliteHistoryTriggers makes of them; otherwise null (an older trigger fires row by row anyway).
 */
export function sqliteHistoryColumns(table: string, statement: string): string[] | null {
  const object = /\(SELECT json_object\((.*)\) AS c\) d; END$/s.exec(statement)?.[1];
  if (object === undefined) return null;
  const columns = [...object.matchAll(/'(?:[^']|'')*', NEW\."((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"'));
  const wanted = sqliteHistoryTriggers(table, columns).get(sqliteHistoryCreateTrigger(table));
  return wanted === statement && wanted.includes('mdis_bulk()') ? columns : null;
}

/**
 * SQLite: what the create trigger writes, for the rows of one batch INSERT at once and in their
 * order; its one parameter is their ids as a JSON array, in the order they were inserted.
 */
export function sqliteHistoryInserted(table: string, columns: readonly string[]): string {
  const record = `json_object(${columns.map((c) => `${quoteText(c)}, r.${quoteName(c)}`).join(', ')})`;
  // The actor's fields read from its JSON once for the statement, not five times per row (~30 % of
  // this statement's time in a micro-benchmark of 100k rows); whether history is on asked there
  // too, once (in the outer WHERE it was a call into JS per row): off, `a` is empty, so is the insert.
  const actor = `WITH a AS MATERIALIZED (SELECT ${ACTOR_KEYS.map((key) => `json_extract(j, '$.${key}') AS ${key}`).join(', ')} FROM (SELECT mdis_audit() AS j) WHERE mdis_history_on()) `;
  return (
    `${actor}${INSERT_HISTORY} SELECT ${SQLITE_NOW}, 'create', ${quoteText(table)}, r.id, ${record}, ` +
    `${ACTOR_KEYS.map((key) => `a.${key}`).join(', ')} ` +
    `FROM a, json_each(?) AS k JOIN ${quoteName(table)} AS r ON r.id = k.value ORDER BY k.key`
  );
}

async function ensureSqlite(db: AnyDb, table: string, columns: readonly string[]): Promise<void> {
  await replaceSqliteTriggers(db, table, sqliteHistoryTriggers(table, columns));
}

// PostgreSQL: one AFTER INSERT trigger per statement (`mdis_history_ins`), which writes the history
// of all the statement's new rows with one INSERT ... SELECT from its transition table, and one row
// trigger for updates and deletions (`mdis_history`, the function of migration 20261126T0000). The
// rows are the ones the row trigger wrote for inserts (same text, actor, time, and order: the
// transition table holds the rows in the order they were inserted); a 500-row INSERT of an import
// runs one statement for its history instead of 500 PL/pgSQL calls with a query each.
const PG_INSERT_TRIGGER = 'mdis_history_ins';
const PG_INSERT_FUNCTION = `
  CREATE OR REPLACE FUNCTION mdis_record_history_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    actor jsonb := nullif(current_setting('mdis.audit', true), '')::jsonb;
    skip text[] := coalesce(TG_ARGV, '{}'::text[]);
  BEGIN
    IF actor IS NOT NULL AND jsonb_typeof(actor) = 'string' THEN RETURN NULL; END IF;
    ${INSERT_HISTORY}
    SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'create', TG_TABLE_NAME, n.id,
      (to_jsonb(n) - skip)::text, (actor->>'u')::integer, actor->>'n', actor->>'b', actor->>'r', actor->>'c'
    FROM new_rows n;
    RETURN NULL;
  END $$`;

/** Creates the function of the statement-level insert trigger where it is missing (migrations call this too). */
export async function ensurePostgresInsertHistoryFunction(db: AnyDb): Promise<void> {
  const found = await sql<{
    present: string | null;
  }>`SELECT to_regprocedure('mdis_record_history_insert()')::text AS present`.execute(db);
  if (found.rows[0]?.present) return;
  await sql.raw(PG_INSERT_FUNCTION).execute(db);
}

/** pg_trigger.tgtype: the trigger fires on INSERT. */
const TRIGGER_TYPE_INSERT = 4;

interface LivePgTrigger {
  name: string;
  type: number;
  args: Buffer | string;
}

/** The arguments a trigger was created with (pg_trigger.tgargs: each one ends with a NUL byte). */
function triggerArguments(args: Buffer | string): string[] {
  const text = typeof args === 'string' ? args : args.toString('utf8');
  return text.split('\0').slice(0, -1);
}

async function createPostgresTriggers(db: AnyDb, table: string, exclude: readonly string[]): Promise<void> {
  const on = quoteName(table);
  const args = exclude.map(quoteText).join(', ');
  await ensurePostgresInsertHistoryFunction(db);
  await sql.raw(`DROP TRIGGER IF EXISTS ${PG_TRIGGER} ON ${on}`).execute(db);
  await sql.raw(`DROP TRIGGER IF EXISTS ${PG_INSERT_TRIGGER} ON ${on}`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${PG_INSERT_TRIGGER} AFTER INSERT ON ${on} REFERENCING NEW TABLE AS new_rows ` +
        `FOR EACH STATEMENT EXECUTE FUNCTION mdis_record_history_insert(${args})`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${PG_TRIGGER} AFTER UPDATE OR DELETE ON ${on} ` +
        `FOR EACH ROW EXECUTE FUNCTION mdis_record_history(${args})`,
    )
    .execute(db);
}

async function ensurePostgres(db: AnyDb, table: string, exclude: readonly string[]): Promise<void> {
  // PostgreSQL hands the functions whole rows: the triggers are the same whatever the columns; the
  // columns never to record (secrets, maintained values) are the triggers' arguments.
  const live = await sql<LivePgTrigger>`
    SELECT tgname AS name, tgtype AS type, tgargs AS args FROM pg_trigger
    WHERE tgname IN (${PG_TRIGGER}, ${PG_INSERT_TRIGGER}) AND tgrelid = to_regclass(${quoteName(table)})`.execute(db);
  const row = live.rows.find((trigger) => trigger.name === PG_TRIGGER);
  const insert = live.rows.find((trigger) => trigger.name === PG_INSERT_TRIGGER);
  if (row && insert && (row.type & TRIGGER_TYPE_INSERT) === 0) return;
  // A table of a version before the statement trigger has one row trigger for all three events:
  // replaced, keeping the columns it leaves out.
  await createPostgresTriggers(db, table, row ? triggerArguments(row.args) : exclude);
}

/** Every table of the current schema whose history triggers predate the statement-level insert trigger. */
export async function upgradePostgresHistoryTriggers(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ table: string }>`
    SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE t.tgname = ${PG_TRIGGER} AND (t.tgtype & ${TRIGGER_TYPE_INSERT}) <> 0
      AND c.relnamespace = current_schema()::regnamespace
    ORDER BY c.relname`.execute(db);
  for (const { table } of rows) await ensurePostgres(db, table, []);
}

/** A join table of an m:n relation: which table each of its two columns points at. */
export interface LinkSides {
  table: string;
  ownColumn: string;
  relatedTable: string;
  relatedColumn: string;
}

const PG_LINK_TRIGGER = 'mdis_link_history';

// A link is a version of both records it joins: one row per side, under that side's table and id,
// whose changes name the partner by its join column (`{"test_tag_id": 5}`); `link` when the row is
// added, `unlink` when it is removed (also by the cascade of a record's deletion).
function sqliteLinkBody(joinSides: LinkSides, action: 'link' | 'unlink', row: 'NEW' | 'OLD'): string {
  const side = (table: string, column: string, partner: string) =>
    `SELECT ${SQLITE_NOW}, '${action}', ${quoteText(table)}, ${row}.${quoteName(column)}, ` +
    `json_object(${quoteText(partner)}, ${row}.${quoteName(partner)}), ${SQLITE_ACTOR} FROM (SELECT mdis_audit() AS j) a`;
  const { table, ownColumn, relatedTable, relatedColumn } = joinSides;
  return `${side(table, ownColumn, relatedColumn)} UNION ALL ${side(relatedTable, relatedColumn, ownColumn)}`;
}

/** The two CREATE TRIGGER statements of one SQLite join table, by trigger name. */
export function sqliteLinkTriggers(joinTable: string, sides: LinkSides): Map<string, string> {
  const statements = new Map<string, string>();
  for (const [action, event, row] of [
    ['link', 'INSERT', 'NEW'],
    ['unlink', 'DELETE', 'OLD'],
  ] as const) {
    const trigger = sqliteTriggerName(joinTable, action);
    statements.set(
      trigger,
      `CREATE TRIGGER ${quoteName(trigger)} AFTER ${event} ON ${quoteName(joinTable)} WHEN mdis_history_on() BEGIN ` +
        `${INSERT_HISTORY} ${sqliteLinkBody(sides, action, row)}; END`,
    );
  }
  return statements;
}

/** Creates a join table's history triggers (adds and removals of links). Idempotent. */
export async function ensureLinkHistoryTriggers(
  db: AnyDb,
  dialect: Dialect,
  joinTable: string,
  sides: LinkSides,
): Promise<void> {
  if (dialect === 'sqlite') return replaceSqliteTriggers(db, joinTable, sqliteLinkTriggers(joinTable, sides));
  const found = await sql<{ present: number }>`
    SELECT 1 AS present FROM pg_trigger WHERE tgname = ${PG_LINK_TRIGGER} AND tgrelid = to_regclass(${quoteName(joinTable)})`.execute(
    db,
  );
  if (found.rows.length > 0) return;
  const args = [sides.table, sides.ownColumn, sides.relatedTable, sides.relatedColumn].map(quoteText).join(', ');
  await sql
    .raw(
      `CREATE TRIGGER ${PG_LINK_TRIGGER} AFTER INSERT OR DELETE ON ${quoteName(joinTable)} ` +
        `FOR EACH ROW EXECUTE FUNCTION mdis_link_history(${args})`,
    )
    .execute(db);
}

/**
 * Re-creates a table's PostgreSQL history trigger so that it leaves out `exclude` (the engine's
 * maintained columns: derived values, never a change of the record).
 */
export async function excludeFromPostgresHistory(db: AnyDb, table: string, exclude: readonly string[]): Promise<void> {
  await createPostgresTriggers(db, table, exclude);
}

export interface HistoryOptions {
  /** Columns never recorded (a password hash), nor counted as a change. */
  exclude?: readonly string[];
}

/** Creates a table's history triggers, or re-creates them when its columns changed. Idempotent. */
export async function ensureHistoryTriggers(
  db: AnyDb,
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  { exclude = [] }: HistoryOptions = {},
): Promise<void> {
  if (dialect === 'sqlite')
    await ensureSqlite(
      db,
      table,
      columns.filter((column) => !exclude.includes(column)),
    );
  else await ensurePostgres(db, table, exclude);
}

async function liveColumns(db: AnyDb, dialect: Dialect, table: string): Promise<string[]> {
  if (dialect === 'postgres') return []; // the PostgreSQL trigger needs no column list
  const rows = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
  // Maintained columns (engine/records/maintained-columns.ts) are derived values, not history.
  return rows.rows.map((row) => row.name).filter((name) => !name.startsWith(MAINTAINED_PREFIX));
}

/**
 * At start: the given tables get their triggers if they lack them (a database from before the
 * history, a table built by an older version). SQLite columns are read live, so they are exact.
 */
export async function ensureHistoryTriggersOn(
  db: AnyDb,
  dialect: Dialect,
  tables: readonly string[],
  options: HistoryOptions = {},
): Promise<void> {
  for (const table of tables) await db.transaction().execute((trx) => ensureOnLiveTable(trx, dialect, table, options));
}

/** One table's triggers from its live columns, in the caller's transaction (a migration's). */
export async function ensureOnLiveTable(db: AnyDb, dialect: Dialect, table: string, options: HistoryOptions = {}) {
  const columns = await liveColumns(db, dialect, table);
  if (dialect === 'sqlite' && !columns.includes('id')) return;
  await ensureHistoryTriggers(db, dialect, table, columns, options);
}

/** The system tables people edit, with the columns their history leaves out. */
export const SYSTEM_HISTORY_TABLES: readonly { table: string; exclude: string[] }[] = [
  { table: 'users', exclude: ['password_hash', 'last_login_at'] },
  { table: 'value_lists', exclude: [] },
  { table: 'value_list_items', exclude: [] },
  // Model and form templates: each save, and each table build of a model (applied_version), is a
  // version; applied_data only repeats data.
  { table: 'templates', exclude: ['applied_data'] },
];
