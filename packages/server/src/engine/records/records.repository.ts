import { PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import { POSTGRES_FILTER_TIMEOUT_MS } from '../../infra/db/query-budget';
import { retryOnStalePlan } from '../../infra/db/named-statements';
import { type IndexStats, createSqliteStats } from '../../infra/db/sqlite-stats';
import { countedRows } from '../schema-sync';
import type { DynamicDb, DynamicTrx, Row } from './dynamic-db';
import { ESTIMATE_ONLY_FACTOR, type ListCount, boundedCount, explainRows, planRows } from './record-count';
import {
  type OrderTerm,
  type Conditions,
  type SelectInput,
  countRecords,
  orderedIdsText,
  selectRecords,
} from './record-query';
import type { RecordModel } from './record-model';
import { SAMPLE_CLEARLY_PAST, sampledEstimate, sampledMatches } from './sampled-count';

type Executor = DynamicDb | DynamicTrx;

/** A repository made on a caller's transaction (the offline sync's batch, records.inTransaction). */
function insideTransaction(db: DynamicDb): db is DynamicTrx {
  return db.isTransaction;
}

/** One child aggregate: `sum(sections.length)` → SUM(length) AS "sum(sections.length)". */
export interface AggregateSelection {
  key: string;
  fn: 'sum' | 'count' | 'min' | 'max' | 'avg';
  column: string | null;
}

const AGGREGATE_SQL = { sum: 'SUM', count: 'COUNT', min: 'MIN', max: 'MAX', avg: 'AVG' } as const;

export interface CountResult {
  total: number;
  /** 1-based position of the selected record in the ordered list, when asked and found. */
  position: number | undefined;
}

/** `12,5,40` → the ids, parsed digit by digit (no array of a million strings on the way). */
export function parseIdList(text: string | null | undefined): Float64Array {
  if (!text) return new Float64Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 44) count += 1;
  const ids = new Float64Array(count);
  let n = 0;
  let value = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      ids[n++] = value;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  ids[n] = value;
  return ids;
}

function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  return Number(value);
}

/** A record holding `values` (column by column): the comparison of isTaken and takenAmong. */
function sameValues(values: Row): RawBuilder<SqlBool>[] {
  return Object.entries(values).map(([column, value]) => sql<SqlBool>`${sql.ref(column)} = ${value}`);
}

/** Whether another record holds the same values in `columns` (a UNIQUE index). */
async function isTaken(
  trx: Executor,
  model: RecordModel,
  values: Row,
  excludeId: number | undefined,
): Promise<boolean> {
  const conditions = sameValues(values);
  if (excludeId !== undefined) conditions.push(sql<SqlBool>`${sql.ref('id')} <> ${excludeId}`);
  const found = await sql<{
    id: number;
  }>`SELECT id FROM ${sql.table(model.table)} WHERE ${sql.join(conditions, sql` AND `)} LIMIT 1`.execute(trx);
  return found.rows.length > 0;
}

/** Candidates per statement of takenAmong: under SQLite's 500 terms of a compound SELECT. */
const TAKEN_PER_QUERY = 200;

/**
 * Which of `candidates` (each the values of the same UNIQUE index's columns) another record holds:
 * isTaken for many at once, each candidate compared as isTaken compares it, one statement per
 * 200 (`SELECT k WHERE EXISTS (...) UNION ALL ...`). The positions of the taken ones.
 */
async function takenAmong(trx: Executor, model: RecordModel, candidates: readonly Row[]): Promise<Set<number>> {
  const taken = new Set<number>();
  for (let start = 0; start < candidates.length; start += TAKEN_PER_QUERY) {
    const part = candidates.slice(start, start + TAKEN_PER_QUERY);
    const branches = part.map(
      (values, position) =>
        sql`SELECT ${sql.lit(position)} AS k WHERE EXISTS (SELECT 1 FROM ${sql.table(model.table)} WHERE ${sql.join(
          sameValues(values),
          sql` AND `,
        )})`,
    );
    const { rows } = await sql<{ k: unknown }>`${sql.join(branches, sql` UNION ALL `)}`.execute(trx);
    for (const row of rows) taken.add(start + Number(row.k));
  }
  return taken;
}

/** Child aggregates for a page of parents, grouped by the parent id: one query. */
async function aggregateChildren(
  db: DynamicDb,
  table: string,
  parentColumn: string,
  parentIds: number[],
  selections: AggregateSelection[],
): Promise<Row[]> {
  const parts = selections.map((s) => {
    const argument = s.column === null ? sql`*` : sql.ref(s.column);
    return sql`${sql.raw(AGGREGATE_SQL[s.fn])}(${argument}) AS ${sql.id(s.key)}`;
  });
  const fk = sql.ref(parentColumn);
  const result =
    await sql<Row>`SELECT ${fk} AS parent_id, ${sql.join(parts)} FROM ${sql.table(table)} WHERE ${fk} IN (${sql.join(parentIds)}) GROUP BY ${fk}`.execute(
      db,
    );
  return result.rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && k !== 'parent_id' ? Number(v) : v]),
    ),
  );
}

type Read = <T>(where: Conditions, query: RawBuilder<T>) => Promise<T[]>;

/** What an estimate reads with: the repository's database and its regex-bounded read. */
interface CountContext {
  db: DynamicDb;
  read: Read;
  postgres: boolean;
}

/** The rows a filter matches as estimated without counting them, and whether that is far past `cap`. */
async function estimateRows(on: CountContext, model: RecordModel, where: Conditions, cap: number) {
  const { db, read, postgres } = on;
  let planned: number | undefined;
  if (postgres) {
    const rows = planRows((await read(where, explainRows(model, where))).at(0)?.['QUERY PLAN']);
    planned = rows === undefined ? undefined : Math.round(rows);
    if (planned !== undefined && planned >= ESTIMATE_ONLY_FACTOR * cap) return { estimate: planned, clearlyPast: true };
    // The planner has no statistics of a regex's matches (it guesses from the pattern): bench
    // S3r's 37k matches were planned as ~4,800 rows.
  }
  // Only a text (regex) filter is sampled: nothing tells how many rows it matches, and it scans.
  // The others are ranges and parent ids through an index (bench S2: one core's 16 samples), which
  // count in well under the sample's ~1 ms.
  if (!where.regex) return { estimate: planned, clearlyPast: false };
  // A table too small to hold a count clearly past the cap is counted as it is.
  const tableRows = await countedRows(db, model.table);
  if (tableRows === undefined || tableRows < SAMPLE_CLEARLY_PAST * cap)
    return { estimate: planned, clearlyPast: false };
  const dialect = postgres ? 'postgres' : 'sqlite';
  const sampled = sampledEstimate(await read(where, sampledMatches(model, where, dialect)), tableRows);
  if (sampled === undefined) return { estimate: planned, clearlyPast: false };
  return { estimate: sampled, clearlyPast: sampled >= SAMPLE_CLEARLY_PAST * cap };
}

/** Queries on template tables. Table and column names come from the RecordModel (the template). */
export function createRecordsRepository(db: DynamicDb) {
  // SQLite bounds a regex scan in its REGEXP function (infra/db/query-budget). PostgreSQL runs the
  // regex itself: a statement_timeout for that one statement (SET LOCAL needs a transaction; inside
  // a caller's transaction it would outlive the statement, so there none is set).
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bounded = postgres && !db.isTransaction;
  const sqliteStats = postgres ? undefined : createSqliteStats(db);
  async function read<T>(where: Conditions, query: RawBuilder<T>): Promise<T[]> {
    if (!bounded || !where.regex) return (await query.execute(db)).rows;
    // A read only: run again whole when a table changed under its prepared statement.
    return retryOnStalePlan(() =>
      db.transaction().execute(async (trx) => {
        await sql`SET LOCAL statement_timeout = ${sql.lit(POSTGRES_FILTER_TIMEOUT_MS)}`.execute(trx);
        return (await query.execute(trx)).rows;
      }),
    );
  }

  return {
    async select(model: RecordModel, input: SelectInput): Promise<Row[]> {
      return read(input.where, selectRecords(model, input));
    },

    async count(model: RecordModel, where: Conditions, order: readonly OrderTerm[], selectedId?: number) {
      const row = (await read(where, countRecords(model, where, order, selectedId))).at(0);
      return { total: toNumber(row?.total_count) ?? 0, position: toNumber(row?.position) } satisfies CountResult;
    },

    /** The ids of the whole list in its order, packed (see orderedIdsText). */
    async orderedIds(model: RecordModel, where: Conditions, order: readonly OrderTerm[]): Promise<Float64Array> {
      const dialect = postgres ? 'postgres' : 'sqlite';
      return parseIdList((await read(where, orderedIdsText(model, where, order, dialect))).at(0)?.ids);
    },

    /**
     * The total of a list page: the table's row counter when nothing filters it, else a count that
     * stops past `cap` rows; past it an estimate (the planner's or a sample's) or the lower bound.
     */
    async countList(model: RecordModel, where: Conditions, cap: number): Promise<ListCount> {
      if (where.sql.length === 0) {
        const counted = await countedRows(db, model.table);
        if (counted !== undefined) return { total: counted, exact: true, lowerBound: false };
      }
      // An estimate first (PostgreSQL plans in ~1 ms, SQLite samples ~2,000 rows): when it is far
      // past the cap, counting even up to the cap would read ~cap/selectivity rows for a number
      // the estimate gives anyway.
      const { estimate, clearlyPast } = await estimateRows({ db, read, postgres }, model, where, cap);
      if (estimate !== undefined && clearlyPast) return { total: estimate, exact: false, lowerBound: false };
      const n = toNumber((await read(where, boundedCount(model, where, cap))).at(0)?.n) ?? 0;
      if (n <= cap) return { total: n, exact: true, lowerBound: false };
      if (estimate !== undefined && estimate > n) return { total: estimate, exact: false, lowerBound: false };
      return { total: n, exact: false, lowerBound: true };
    },

    /** SQLite: the ANALYZE statistics of the table's indexes by index name (none on PostgreSQL). */
    indexStats: (table: string): Promise<ReadonlyMap<string, IndexStats>> =>
      sqliteStats ? sqliteStats(table) : Promise.resolve(new Map()),

    /** How many rows (up to `limit`) a text index lists for an FTS5 query (SQLite). */
    async textIndexHits(table: string, column: string, query: string, limit: number): Promise<number> {
      const fts = sql.table(table);
      const { rows } = await sql<{
        n: number | string;
      }>`SELECT COUNT(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts}.${sql.id(column)} MATCH ${query} LIMIT ${sql.lit(limit)})`.execute(
        db,
      );
      return Number(rows.at(0)?.n ?? 0);
    },

    async insert(trx: Executor, model: RecordModel, values: Row): Promise<number> {
      const row = await trx.insertInto(model.table).values(values).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(trx: Executor, model: RecordModel, id: number, values: Row): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await trx.updateTable(model.table).set(values).where('id', '=', id).execute();
    },

    async remove(trx: Executor, model: RecordModel, id: number): Promise<number> {
      const result = await trx.deleteFrom(model.table).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    isTaken,
    takenAmong,

    async exists(trx: Executor, table: string, id: unknown): Promise<boolean> {
      const found = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE id = ${id} LIMIT 1`.execute(trx);
      return found.rows.length > 0;
    },

    /** Whether `table` has rows whose `column` points at `id` (finding the child table of a failed delete). */
    async isReferenced(table: string, column: string, id: number): Promise<boolean> {
      const found = await sql<{
        n: number;
      }>`SELECT 1 AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id} LIMIT 1`.execute(db);
      return found.rows.length > 0;
    },

    aggregateChildren: (table: string, parentColumn: string, parentIds: number[], selections: AggregateSelection[]) =>
      aggregateChildren(db, table, parentColumn, parentIds, selections),

    /**
     * A new transaction; inside a caller's (an offline sync batch) the write joins it. With
     * `retryStale` (the caller's undo of what `run` changed outside the database) a transaction a
     * stale prepared plan aborted runs once more; never a caller's, which the error has aborted.
     */
    transaction<T>(run: (trx: DynamicTrx) => Promise<T>, retryStale?: () => void): Promise<T> {
      if (insideTransaction(db)) return run(db);
      const once = () => db.transaction().execute(run);
      return retryStale ? retryOnStalePlan(once, retryStale) : once();
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
