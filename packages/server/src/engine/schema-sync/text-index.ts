import { sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { liveSqliteTriggers, quoteName, replaceSqliteTriggers } from '../../infra/db/sqlite-triggers';
import type { AnyDb } from './ddl';
import { shortIdentifier } from './desired-table';
import { memoByObject } from '../../infra/memo-by-object';

// Trigram text indexes for the regex and text filters (issue 17; which columns: hasTextIndex).
// PostgreSQL: a GIN index with pg_trgm's gin_trgm_ops per column, which `~*` uses by itself.
// SQLite: one contentless FTS5 table per model with the trigram tokenizer, holding the indexed
// columns case-folded by mdis_fold (the filter regex's folding, infra/db/database.ts), kept in step
// by triggers in the same transaction as every write; the filter compiler asks it for candidate
// rows and the regex confirms them.

/** The FTS5 table of a model's text index (SQLite). */
export function textIndexTable(table: string): string {
  return shortIdentifier(`${table}__text`);
}

/** The GIN index of one column (PostgreSQL). */
export function textIndexName(table: string, column: string): string {
  return shortIdentifier(`${table}__${column}__trgm`);
}

const sqliteTriggers = (table: string) =>
  ['ins', 'upd', 'del'].map((suffix) => shortIdentifier(`${table}__text_${suffix}`));

// Per database: the schema holding pg_trgm, or null when it is missing and cannot be created.
// (keyed by the Kysely executor: one per database)
const trgmSchemaOf = memoByObject((_executor: object, db: AnyDb) => findTrgm(db));

async function findTrgm(db: AnyDb): Promise<string | null> {
  const find = () =>
    sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = 'pg_trgm'`.execute(db);
  let { rows } = await find();
  if (rows.length === 0) {
    try {
      // In public, not the first schema of the search path: that may be dropped with its tables.
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      process.emitWarning(`pg_trgm is not available (${reason}): text filters scan without a trigram index.`);
      return null;
    }
    ({ rows } = await find());
  }
  return rows[0]?.schema ?? null;
}

/**
 * PostgreSQL: the schema of pg_trgm, creating the extension when it is missing; null (warned once)
 * when the database role may not create it: the lists then work without the index. Must run
 * outside a transaction (a failed CREATE EXTENSION would abort it). SQLite: always 'fts5'.
 */
export function textIndexSupport(db: AnyDb, dialect: Dialect): Promise<string | null> {
  if (dialect === 'sqlite') return Promise.resolve('fts5');
  return trgmSchemaOf(db.getExecutor(), db);
}

async function pgTextIndexes(db: AnyDb, table: string) {
  const { rows } = await sql<{ column: string; name: string }>`
    SELECT a.attname AS column, i.relname AS name FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_opclass o ON o.oid = x.indclass[0]
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
    WHERE t.relname = ${table} AND t.relnamespace = current_schema()::regnamespace AND o.opcname = 'gin_trgm_ops'
    ORDER BY a.attname`.execute(db);
  return rows;
}

/** The columns the live text index covers; null when it is there but broken (SQLite: a trigger missing). */
export async function liveTextIndex(db: AnyDb, dialect: Dialect, table: string): Promise<string[] | null> {
  if (dialect === 'postgres') return (await pgTextIndexes(db, table)).map((r) => r.column);
  const columns = await sqliteTextIndexColumns(db, table);
  if (columns.length === 0) return [];
  const triggers = await liveSqliteTriggers(db, table);
  return sqliteTriggers(table).every((name) => triggers.has(name)) ? columns : null;
}

async function dropSqliteTextIndex(trx: AnyDb, table: string) {
  for (const trigger of sqliteTriggers(table)) await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(trx);
  await sql`DROP TABLE IF EXISTS ${sql.table(textIndexTable(table))}`.execute(trx);
}

/**
 * SQLite: the three triggers that keep the FTS table in step, by name. A batch's INSERT skips the
 * insert trigger (`mdis_bulk()`, infra/db/bulk-insert.ts) and indexes its rows at once (sqliteTextIndexInserted).
 */
export function sqliteTextTriggers(table: string, columns: readonly string[]): Map<string, string> {
  const fts = quoteName(textIndexTable(table));
  const target = quoteName(table);
  const [insertTrigger, updateTrigger, deleteTrigger] = sqliteTriggers(table) as [string, string, string];
  const names = columns.map(quoteName).join(', ');
  const folded = columns.map((c) => `mdis_fold(new.${quoteName(c)})`).join(', ');
  const insert = `INSERT INTO ${fts} (rowid, ${names}) VALUES (new.id, ${folded});`;
  const remove = `DELETE FROM ${fts} WHERE rowid = old.id;`;
  return new Map([
    [
      insertTrigger,
      `CREATE TRIGGER ${quoteName(insertTrigger)} AFTER INSERT ON ${target} WHEN NOT mdis_bulk() BEGIN ${insert} END`,
    ],
    [
      updateTrigger,
      `CREATE TRIGGER ${quoteName(updateTrigger)} AFTER UPDATE OF id, ${names} ON ${target} BEGIN ${remove} ${insert} END`,
    ],
    [deleteTrigger, `CREATE TRIGGER ${quoteName(deleteTrigger)} AFTER DELETE ON ${target} BEGIN ${remove} END`],
  ]);
}

/** SQLite: the name of the text index trigger a batch's INSERT leaves to sqliteTextIndexInserted. */
export function sqliteTextInsertTrigger(table: string): string {
  return sqliteTriggers(table)[0];
}

/**
 * SQLite: what the insert trigger does, for the rows of one batch INSERT at once; its one parameter
 * is their ids as a JSON array.
 */
export function sqliteTextIndexInserted(table: string, columns: readonly string[]): string {
  const names = columns.map(quoteName).join(', ');
  // An empty column is NULL without a call into JS (an import leaves many of them empty), and an
  // ASCII text (as many bytes as characters) is lowered by SQLite's lower(), which folds A-Z only:
  // for ASCII that is what mdis_fold answers, without a call into JS per value.
  const folded = columns
    .map((c) => {
      const column = `r.${quoteName(c)}`;
      return `CASE WHEN ${column} IS NULL THEN NULL WHEN length(CAST(${column} AS BLOB)) = length(${column}) THEN lower(${column}) ELSE mdis_fold(${column}) END`;
    })
    .join(', ');
  return `INSERT INTO ${quoteName(textIndexTable(table))} (rowid, ${names}) SELECT r.id, ${folded} FROM json_each(?) AS k JOIN ${quoteName(table)} AS r ON r.id = k.value`;
}

/** SQLite: the columns of the live FTS table, in its order (none: no index). */
export async function sqliteTextIndexColumns(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${textIndexTable(table)})`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

/**
 * SQLite: FTS5's merge settings of the text index (kept in its FTS table's config). Every commit of
 * an import writes a new segment; FTS5 merges 4 of a level at once (automerge) and, past 16, merges
 * inside the commit (crisismerge). Merging 16 at once and allowing 64 cut the index's CPU time of a
 * 1M-row import 20.1 → 15.8 s (simulated: 1,000 rows per INSERT, 6 per commit), at the cost of a
 * few more segments per lookup: a literal's MATCH on 1M rows took 4–12 ms instead of 4–9 ms, and
 * the ones matching many rows were faster (the regex that confirms the candidates costs more).
 */
export const SQLITE_TEXT_MERGE_SETTINGS: Readonly<Record<string, number>> = { automerge: 16, crisismerge: 64 };

/** SQLite: the merge settings the live FTS table holds that differ from SQLITE_TEXT_MERGE_SETTINGS. */
async function outdatedMergeSettings(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{
    k: string;
    v: unknown;
  }>`SELECT k, v FROM ${sql.table(`${textIndexTable(table)}_config`)}`.execute(db);
  const live = new Map(rows.map((row) => [row.k, Number(row.v)]));
  return Object.entries(SQLITE_TEXT_MERGE_SETTINGS)
    .filter(([key, value]) => live.get(key) !== value)
    .map(([key]) => key);
}

async function applyMergeSettings(trx: AnyDb, table: string): Promise<void> {
  const fts = sql.table(textIndexTable(table));
  for (const [key, value] of Object.entries(SQLITE_TEXT_MERGE_SETTINGS))
    await sql`INSERT INTO ${fts} (${fts}, rank) VALUES (${key}, ${sql.lit(value)})`.execute(trx);
}

/**
 * SQLite: whether the live text index has all its triggers but some of them, or its merge
 * settings, in an older form: then they are replaced (replaceSqliteTextTriggers) and the FTS table kept.
 */
export async function sqliteTextTriggersOutdated(db: AnyDb, table: string): Promise<boolean> {
  const columns = await sqliteTextIndexColumns(db, table);
  if (columns.length === 0) return false;
  const wanted = sqliteTextTriggers(table, columns);
  const live = await liveSqliteTriggers(db, table);
  if (![...wanted.keys()].every((name) => live.has(name))) return false;
  return (
    [...wanted].some(([name, text]) => live.get(name) !== text) || (await outdatedMergeSettings(db, table)).length > 0
  );
}

/** SQLite: the text index's triggers and merge settings made again in their current form, its rows untouched. */
export async function replaceSqliteTextTriggers(trx: AnyDb, table: string): Promise<void> {
  await replaceSqliteTriggers(trx, table, sqliteTextTriggers(table, await sqliteTextIndexColumns(trx, table)));
  await applyMergeSettings(trx, table);
}

async function createSqliteTextIndex(trx: AnyDb, table: string, columns: readonly string[]) {
  const fts = sql.table(textIndexTable(table));
  const target = sql.table(table);
  const names = sql.join(columns.map((c) => sql.id(c)));
  const folded = sql.join(columns.map((c) => sql`mdis_fold(r.${sql.id(c)})`));
  // Contentless (the text is in the table already); detail=full keeps positions, so a literal is
  // looked up as a phrase of adjacent trigrams; case_sensitive 1 because mdis_fold folded already.
  await sql`CREATE VIRTUAL TABLE ${fts} USING fts5(${names}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(
    trx,
  );
  await applyMergeSettings(trx, table);
  await sql`INSERT INTO ${fts} (rowid, ${names}) SELECT id, ${folded} FROM ${target} AS r`.execute(trx);
  for (const statement of sqliteTextTriggers(table, columns).values()) await sql.raw(statement).execute(trx);
}

/**
 * Makes the table's text index cover exactly `columns` (none: no index). SQLite rebuilds the FTS
 * table from the rows; PostgreSQL drops and creates single GIN indexes (`opclassSchema`: pg_trgm's).
 */
export async function syncTextIndex(
  trx: AnyDb,
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  opclassSchema: string | null,
): Promise<void> {
  if (dialect === 'sqlite') {
    await dropSqliteTextIndex(trx, table);
    if (columns.length > 0) await createSqliteTextIndex(trx, table, columns);
    return;
  }
  const live = await pgTextIndexes(trx, table);
  for (const index of live)
    if (!columns.includes(index.column)) await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
  if (!opclassSchema) return;
  for (const column of columns)
    if (!live.some((index) => index.column === column))
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(textIndexName(table, column))} ON ${sql.table(table)}
        USING gin (${sql.ref(column)} ${sql.id(opclassSchema)}.gin_trgm_ops)`.execute(trx);
}
