import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError, IgsnError } from '@mdis/shared';
import { CompiledQuery, type Kysely, SqliteAdapter, sql } from 'kysely';
import type { HeldContext, HeldWrites } from '../../engine/behaviors/behavior-registry';
import { TextFilter } from '../../infra/text-filter';
import { createIgsnRegistry, type IgsnRegistryRow } from './igsn-registry.repository';

// SQLite, a large import (modules/import/import-transactions.ts runInParts): the registry rows of
// its records' IGSNs are held in a table of the connection's own (TEMP: gone with it) and moved into
// igsn_registry in IGSN order, many at a time (HELD_ROWS), and the rest before the import is kept.
// Why: the ICDP methods put the record's number first, reversed (igsnNumber), so the IGSNs of one
// batch land all over the registry's unique index. Each transaction the import kept dirtied most
// of that index's pages, and its commit wrote them all to the WAL again: at 1M samples the registry
// took ~15 s of a 68 s import (docs/decisions.md).
// Uniqueness stays what it was: a batch's IGSNs are looked up in the registry (a read, no page
// dirtied) and among those earlier batches hold (a set in memory). Between the transactions, other
// requests see the records before their IGSNs are in the registry; one of them that registers a
// held IGSN meanwhile makes the move fail, and with it the import (nothing kept), with the
// registry's own message. A fixed_prefix sequence is not held: its IGSNs follow each other at the
// index's end, and another request reads its next number from the registry.
// The lookup asks the registry only about the IGSNs a filter of the registry's IGSNs (read once,
// at the first batch) and of those held since may hold: a lookup of each IGSN in the unique index
// took ~2.3 s of a 1M import, and nearly every answer was "not issued". An IGSN another request
// registers after the filter was read is found by the move instead (the import fails, as above).
// A registry larger than FILTERED_REGISTRY is looked up IGSN by IGSN as before: reading it would
// hold the event loop for seconds.

type Connection = Kysely<never>;

interface Held {
  /** The TEMP table (one per import and model: imports of two forms may run side by side). */
  table: string;
  /**
   * The IGSNs held since the last move: a later batch naming one is refused without an index
   * (the held rows come in no order: a key would cost what the registry's did). It keeps those
   * of transactions a preview, or a commit after a failing row, rolled back: the commit would
   * have kept them, so the preview refuses their repeats as the commit does.
   */
  igsns: Set<string>;
  /** The registry's IGSNs when the import began and every one it held since; none for a large registry. */
  known: TextFilter | undefined;
}

/**
 * The largest registry read into a filter: ~0.7 s a million IGSNs on the bench machine (their
 * lookups cost an import ~2.3 s a million rows), in the import's first transaction, yielding
 * between pages.
 */
export const FILTERED_REGISTRY = 2_000_000;
/** The IGSNs of one page of the registry's scan. */
const SCAN_PAGE = 10_000;
/** Room in the filter for the IGSNs an import holds: its false positives grow slowly beyond. */
const FILTER_HEADROOM = 1_000_000;

/** The filter of the registry's IGSNs, or undefined when the registry is too large to read at once. */
async function registryFilter(connection: Connection): Promise<TextFilter | undefined> {
  const registry = createIgsnRegistry(connection);
  const size = await registry.size();
  if (size > FILTERED_REGISTRY) return undefined;
  const filter = new TextFilter(size + FILTER_HEADROOM);
  for (let after = ''; ;) {
    const page = await registry.igsnsAfter(after, SCAN_PAGE);
    for (const igsn of page) filter.add(igsn);
    if (page.length < SCAN_PAGE) return filter;
    after = page[page.length - 1];
    await nextTurn();
  }
}

let tables = 0;

/**
 * The held table, made where it is missing: at an import's first batch, and again after a
 * transaction or savepoint that made it was rolled back (a preview's transactions keep nothing).
 */
async function ensureTable(connection: Connection, table: string): Promise<void> {
  await sql`CREATE TEMP TABLE IF NOT EXISTS ${sql.id(table)} (igsn TEXT NOT NULL, data_model TEXT NOT NULL,
    model_id INTEGER NOT NULL, created_at TEXT NOT NULL)`.execute(connection);
}

/**
 * The VALUES list of the held table's INSERT of `rows` rows, by count: made once, not a query tree
 * per batch. Not by table too: every import's table has a name of its own, and texts kept per name
 * would add up for as long as the server runs.
 */
const valuesTexts = new Map<number, string>();

function insertText(table: string, rows: number): string {
  let values = valuesTexts.get(rows);
  if (!values) {
    values = Array.from({ length: rows }, () => '(?, ?, ?, ?)').join(', ');
    valuesTexts.set(rows, values);
  }
  return `INSERT INTO temp."${table}" (igsn, data_model, model_id, created_at) VALUES ${values}`;
}

const memoKey = (model: string) => `IgsnBehavior:held:${model}`;

/** Whether the registry rows of this import's batches can be held (SQLite, the import settles them). */
export function holdsIgsns(connection: Connection, holding: boolean | undefined): boolean {
  return holding === true && connection.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * registerMany for a batch of an import that holds its registry rows: the IGSNs now the records'
 * (those the registry has not issued and no earlier batch holds). Like registerMany, an IGSN the
 * registry holds is not among them; its owner decides (igsn-behavior.ts). `rows` name each IGSN once.
 */
export async function holdMany(
  connection: Connection,
  memo: Map<string, unknown>,
  model: string,
  rows: readonly IgsnRegistryRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  let held = memo.get(memoKey(model)) as Held | undefined;
  if (!held) {
    tables += 1;
    held = { table: `mdis_held_igsns_${String(tables)}`, igsns: new Set(), known: await registryFilter(connection) };
    memo.set(memoKey(model), held);
  }
  await ensureTable(connection, held.table);
  const { igsns, table, known } = held;
  const asked = known ? rows.filter((row) => known.mayHave(row.igsn)) : rows;
  const issued = await createIgsnRegistry(connection).issued(asked.map((row) => row.igsn));
  const fresh = rows.filter((row) => !issued.has(row.igsn) && !igsns.has(row.igsn));
  if (fresh.length === 0) return new Set();
  const createdAt = new Date().toISOString();
  const parameters: unknown[] = [];
  for (const row of fresh) parameters.push(row.igsn, row.data_model, row.model_id, createdAt);
  await connection.executeQuery(CompiledQuery.raw(insertText(table, fresh.length), parameters));
  for (const row of fresh) {
    igsns.add(row.igsn);
    known?.add(row.igsn);
  }
  return new Set(fresh.map((row) => row.igsn));
}

/** The held rows into the registry, in IGSN order; one the registry issued to another record meanwhile fails the import. */
async function move(connection: Connection, table: string): Promise<void> {
  await ensureTable(connection, table);
  const from = sql`temp.${sql.id(table)}`;
  const result = await sql`
    INSERT INTO igsn_registry (igsn, data_model, model_id, created_at)
    SELECT igsn, data_model, model_id, created_at FROM ${from} WHERE true ORDER BY igsn
    ON CONFLICT (igsn) DO NOTHING`.execute(connection);
  const { rows } = await sql<{ held: number }>`SELECT count(*) AS held FROM ${from}`.execute(connection);
  if (Number(result.numAffectedRows ?? 0) < (rows[0]?.held ?? 0)) {
    // Some were there: fine where the registry names the same record, as register() takes it.
    const { rows: taken } = await sql<{ igsn: string }>`
      SELECT h.igsn FROM ${from} h JOIN igsn_registry r ON r.igsn = h.igsn
      WHERE r.data_model <> h.data_model OR r.model_id <> h.model_id LIMIT 1`.execute(connection);
    if (taken.length > 0) throw new AppError('CONFLICT', new IgsnError('DUPLICATE_IGSN', taken[0].igsn).message);
  }
  await sql`DELETE FROM ${from}`.execute(connection);
}

/** The IGSN behavior's HeldWrites: its held registry rows moved into the registry, or dropped. */
export const heldIgsns: HeldWrites = {
  async flush({ trx, model, memo }: HeldContext, atLeast: number) {
    const held = memo.get(memoKey(model.fullName)) as Held | undefined;
    if (!held || held.igsns.size < atLeast) return;
    await move(trx as unknown as Connection, held.table);
    held.igsns.clear();
  },
  async drop({ trx, model, memo }: HeldContext) {
    const held = memo.get(memoKey(model.fullName)) as Held | undefined;
    if (!held) return;
    await sql`DROP TABLE IF EXISTS temp.${sql.id(held.table)}`.execute(trx);
    memo.delete(memoKey(model.fullName));
  },
};
