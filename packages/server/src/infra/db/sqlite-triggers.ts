import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// SQLite triggers written as SQL text (history, row counter, text index): how their names and
// strings are quoted, what the database holds, and how it is brought to what this version makes.
// The live text is compared with the wanted text: a trigger that differs is an older version's.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- triggers go on any table
type AnyDb = Kysely<any>;

/** An identifier in SQL text. */
export const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A string literal in SQL text. */
export const quoteText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The table's triggers as the database holds them: their CREATE TRIGGER text by name. */
export async function liveSqliteTriggers(db: AnyDb, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ${table}`.execute(db);
  return new Map(rows.map((row) => [row.name, row.sql]));
}

/** Creates the wanted triggers of a table (CREATE TRIGGER text by name), replacing those whose text differs. */
export async function replaceSqliteTriggers(db: AnyDb, table: string, wanted: Map<string, string>): Promise<void> {
  const live = await liveSqliteTriggers(db, table);
  for (const [trigger, statement] of wanted) {
    if (live.get(trigger) === statement) continue;
    await sql.raw(`DROP TRIGGER IF EXISTS ${quoteName(trigger)}`).execute(db);
    await sql.raw(statement).execute(db);
  }
}
