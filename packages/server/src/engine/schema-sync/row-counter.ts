import { sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { liveSqliteTriggers, quoteName, quoteText } from '../../infra/db/sqlite-triggers';
import type { AnyDb } from './ddl';
import { shortIdentifier } from './desired-table';

// Every template table keeps its row count in record_counts (migration 20261125T2300), changed by
// triggers in the same transaction as the insert or delete, so an unfiltered list reads its total
// from a few rows instead of counting the table. Table names come from templates (snake_case
// identifiers), never from a request; in trigger bodies they are SQL string literals.

const triggerNames = (table: string) => [
  shortIdentifier(`${table}__count_ins`),
  shortIdentifier(`${table}__count_del`),
];

/**
 * SQLite: the counting triggers' statements, by name. A batch's INSERT skips the per-row +1
 * (`mdis_bulk()`, infra/db/bulk-insert.ts) and adds its row count once (sqliteCountInserted).
 */
export function sqliteCounterTriggers(table: string): Map<string, string> {
  const [insertTrigger, deleteTrigger] = triggerNames(table) as [string, string];
  const update = (sign: '+' | '-') =>
    `UPDATE record_counts SET row_count = row_count ${sign} 1 WHERE table_name = ${quoteText(table)} AND slot = 0; END`;
  return new Map([
    [
      insertTrigger,
      `CREATE TRIGGER ${quoteName(insertTrigger)} AFTER INSERT ON ${quoteName(table)} WHEN NOT mdis_bulk() BEGIN ${update('+')}`,
    ],
    [
      deleteTrigger,
      `CREATE TRIGGER ${quoteName(deleteTrigger)} AFTER DELETE ON ${quoteName(table)} BEGIN ${update('-')}`,
    ],
  ]);
}

/** SQLite: the name of the counting trigger a batch's INSERT leaves to sqliteCountInserted. */
export function sqliteCounterInsertTrigger(table: string): string {
  return triggerNames(table)[0];
}

/** SQLite: what the insert trigger does for `count` rows of one batch INSERT, at once. */
export async function sqliteCountInserted(trx: AnyDb, table: string, count: number): Promise<void> {
  await sql`UPDATE record_counts SET row_count = row_count + ${count} WHERE table_name = ${table} AND slot = 0`.execute(
    trx,
  );
}

/** Whether both counting triggers of the table exist (SQLite: as sqliteCounterTriggers makes them, else they are made again). */
export async function hasRowCounter(db: AnyDb, dialect: Dialect, table: string): Promise<boolean> {
  const names = triggerNames(table);
  if (dialect === 'sqlite') {
    const live = await liveSqliteTriggers(db, table);
    return [...sqliteCounterTriggers(table)].every(([name, statement]) => live.get(name) === statement);
  }
  const found = await sql<{
    name: string;
  }>`SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relname = ${table} AND c.relnamespace = current_schema()::regnamespace`.execute(db);
  return names.every((name) => found.rows.some((row) => row.name === name));
}

/**
 * Creates the counting triggers (replacing any) and sets the counter to the table's row count.
 * On PostgreSQL CREATE TRIGGER locks the table against writes until the transaction ends, so no
 * row is written between the count and the triggers.
 */
export async function createRowCounter(trx: AnyDb, dialect: Dialect, table: string): Promise<void> {
  const [insertTrigger, deleteTrigger] = triggerNames(table) as [string, string];
  const target = sql.table(table);
  for (const trigger of [insertTrigger, deleteTrigger])
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}${dialect === 'postgres' ? sql` ON ${target}` : sql``}`.execute(
      trx,
    );
  if (dialect === 'postgres') {
    await sql`CREATE TRIGGER ${sql.id(insertTrigger)} AFTER INSERT ON ${target} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION mdis_count_rows()`.execute(trx);
    await sql`CREATE TRIGGER ${sql.id(deleteTrigger)} AFTER DELETE ON ${target} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION mdis_count_rows()`.execute(trx);
  } else {
    for (const statement of sqliteCounterTriggers(table).values()) await sql.raw(statement).execute(trx);
  }
  await sql`DELETE FROM record_counts WHERE table_name = ${table}`.execute(trx);
  await sql`INSERT INTO record_counts (table_name, slot, row_count) SELECT ${table}, 0, COUNT(*) FROM ${target}`.execute(
    trx,
  );
}

/** The table's row count from its counter, or undefined when it has none (then count the rows). */
export async function countedRows(db: AnyDb, table: string): Promise<number | undefined> {
  const { rows } = await sql<{
    n: number | string | null;
  }>`SELECT SUM(row_count) AS n FROM record_counts WHERE table_name = ${table}`.execute(db);
  const n = rows.at(0)?.n;
  return n === null || n === undefined ? undefined : Number(n);
}
