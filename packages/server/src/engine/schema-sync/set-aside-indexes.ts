import { sql } from 'kysely';
import { SQLITE_CACHE_KIB } from '../../infra/db/database';
import type { Db } from '../../infra/db/schema';
import type { AnyDb } from './ddl';
import { introspectTable } from './introspect';

// SQLite: a large import takes its table's sort indexes off while it writes and builds them again
// afterwards (modules/import/import-indexes.ts says when). At a million rows each row's entries went
// to random places in indexes far larger than the page cache; one CREATE INDEX sorts the finished
// column instead (docs/decisions.md). Each index is dropped and listed in `set_aside_indexes` in
// one transaction, built and struck off in one: a server stopped in between builds what is listed
// at its next start (restoreSetAsideIndexes).

/** An index taken off: its name and the statement that made it, as SQLite keeps it. */
export interface SetAsideIndex {
  name: string;
  sql: string;
}

/**
 * Drops the table's plain indexes (made by CREATE INDEX, neither unique nor partial) except those
 * whose first column is a foreign key's (parent and reference lookups, cascades) or in `readBy`
 * (what the caller itself looks rows up by), and answers them in the order they were made. Run it
 * in a transaction: the drops and their list are kept together.
 */
export async function setAsideIndexes(db: AnyDb, table: string, readBy: ReadonlySet<string>): Promise<SetAsideIndex[]> {
  const live = await introspectTable(db, 'sqlite', table);
  if (!live) return [];
  const kept = new Set([...readBy, ...live.foreignKeys.map((key) => key.column)]);
  // An index on an expression (its first column has no name: null) may serve a lookup nobody declared: it stays.
  const names = new Set(
    live.indices.flatMap(({ name, unique, partial, columns: [first] }) =>
      !unique && !partial && typeof first === 'string' && !kept.has(first) ? [name] : [],
    ),
  );
  const { rows } = await sql<SetAsideIndex>`SELECT name, sql FROM sqlite_master
    WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL ORDER BY rowid`.execute(db);
  const aside = rows.filter((index) => names.has(index.name));
  for (const index of aside) {
    await sql`INSERT INTO set_aside_indexes (index_name, table_name, statement)
      VALUES (${index.name}, ${table}, ${index.sql})`.execute(db);
    await sql`DROP INDEX ${sql.ref(index.name)}`.execute(db);
  }
  return aside;
}

/**
 * The page cache while an index is built, in KiB. CREATE INDEX sorts the keys in memory up to the
 * connection's cache size before it spills sorted runs to a temporary file: with the app's 64 MB
 * (SQLITE_CACHE_KIB) beside the cache's own pages, a 1M-sample import's RSS rose by ~20-30 MB.
 */
const BUILD_CACHE_KIB = 16_384;

/**
 * Builds a set-aside index again (unless something, a template sync meanwhile, already has) and
 * strikes it off the list. Run it in a transaction.
 */
export async function rebuildIndex(db: AnyDb, index: SetAsideIndex): Promise<void> {
  const { rows } = await sql`SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ${index.name}`.execute(db);
  if (rows.length === 0) {
    await sql.raw(`PRAGMA cache_size = -${String(BUILD_CACHE_KIB)}`).execute(db);
    try {
      await sql.raw(index.sql).execute(db);
    } finally {
      await sql.raw(`PRAGMA cache_size = -${String(SQLITE_CACHE_KIB)}`).execute(db);
    }
  }
  await sql`DELETE FROM set_aside_indexes WHERE index_name = ${index.name}`.execute(db);
}

/**
 * At start: builds the indexes an import set aside and did not build again (the server stopped),
 * each in its own transaction; answers their names. One whose table is gone is struck off; one that
 * fails stays listed for the next start, with a warning (the lists work without it, only slower).
 */
export async function restoreSetAsideIndexes(database: Db | AnyDb): Promise<string[]> {
  const db = database as AnyDb;
  const { rows } = await sql<{ name: string; sql: string; present: number }>`
    SELECT s.index_name AS name, s.statement AS sql,
      EXISTS (SELECT 1 FROM sqlite_master m WHERE m.type = 'table' AND m.name = s.table_name) AS present
    FROM set_aside_indexes s ORDER BY s.table_name, s.index_name`.execute(db);
  const built: string[] = [];
  for (const index of rows) {
    try {
      await db.transaction().execute(async (trx) => {
        if (index.present) await rebuildIndex(trx, index);
        else await sql`DELETE FROM set_aside_indexes WHERE index_name = ${index.name}`.execute(trx);
      });
      if (index.present) built.push(index.name);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      process.emitWarning(`Could not build the index ${index.name} an import set aside: ${reason}`);
    }
  }
  return built;
}
