import { CompiledQuery, type QueryResult } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';

export type DemoRow = Record<string, string | number | null>;

/** A table the writer fills: the key rows are pushed under, the table and the columns each row supplies. */
export interface TableSpec {
  key: string;
  table: string;
  columns: readonly string[];
}

/** Anything that runs a compiled statement: the database or a transaction. */
export interface StatementRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

export interface BulkWriter {
  push(key: string, row: DemoRow): void;
  /** Writes every buffered row once one buffer holds a statement's worth. */
  flushIfFull(): Promise<void>;
  flush(): Promise<void>;
  /** Rows written so far, per key. */
  written(): ReadonlyMap<string, number>;
}

// SQLite allows 32766 bound values per statement, PostgreSQL 65535: stay well below both.
const MAX_VALUES_PER_STATEMENT = 30_000;
export const ROWS_PER_STATEMENT = 500;
// PostgreSQL gets one array per column (INSERT ... SELECT FROM unnest): the statement's text and its
// parse cost no longer grow with its rows. Profiled on the mDIS v3 migration (issue 23): of ~250 µs a
// row through 500-row VALUES lists only ~67 µs were the insert itself (FK check 32, history trigger
// 7); 2,000-row unnest statements wrote 1.3-1.5x the rows per second.
const PG_ROWS_PER_STATEMENT = 2000;

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function insertText(dialect: Dialect, spec: TableSpec, rows: number): string {
  const width = spec.columns.length;
  const tuples: string[] = [];
  for (let r = 0; r < rows; r++) {
    const marks = spec.columns.map((_, c) => (dialect === 'postgres' ? `$${r * width + c + 1}` : '?'));
    tuples.push(`(${marks.join(',')})`);
  }
  return `INSERT INTO ${quote(spec.table)} (${spec.columns.map(quote).join(',')}) VALUES ${tuples.join(',')}`;
}

/** The columns' own types (`character varying(255)`, `bigint`, …), for the arrays' casts. */
async function postgresColumnTypes(runner: StatementRunner, spec: TableSpec): Promise<string[]> {
  const { rows } = await runner.executeQuery<{ name: string; type: string }>(
    CompiledQuery.raw(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped`,
      [quote(spec.table)],
    ),
  );
  const types = new Map(rows.map((row) => [row.name, row.type]));
  return spec.columns.map((column) => {
    const type = types.get(column);
    if (type === undefined) throw new Error(`The table ${spec.table} has no column ${column}`);
    return type;
  });
}

function unnestText(spec: TableSpec, types: readonly string[]): string {
  const arrays = types.map((type, i) => `$${String(i + 1)}::${type}[]`);
  return `INSERT INTO ${quote(spec.table)} (${spec.columns.map(quote).join(',')}) SELECT * FROM unnest(${arrays.join(',')})`;
}

/**
 * Buffers rows per table and writes them as multi-row INSERTs (SQLite: a few hundred rows per
 * statement, statement text cached per size, so Kysely compiles nothing; PostgreSQL: unnest arrays). Tables are flushed in the order
 * given — parents first — so every foreign key points at a row that is already written.
 */
export function createBulkWriter(runner: StatementRunner, dialect: Dialect, specs: readonly TableSpec[]): BulkWriter {
  const buffers = new Map(specs.map((spec) => [spec.key, [] as (string | number | null)[][]]));
  const bySpec = new Map(specs.map((spec) => [spec.key, spec]));
  const counts = new Map(specs.map((spec) => [spec.key, 0]));
  const texts = new Map<string, string>();
  const batchOf = (spec: TableSpec) =>
    dialect === 'postgres'
      ? PG_ROWS_PER_STATEMENT
      : Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_VALUES_PER_STATEMENT / spec.columns.length)));
  let full = false;

  async function writePostgres(spec: TableSpec, rows: (string | number | null)[][]): Promise<void> {
    let text = texts.get(spec.key);
    if (text === undefined) texts.set(spec.key, (text = unnestText(spec, await postgresColumnTypes(runner, spec))));
    for (let start = 0; start < rows.length; start += PG_ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + PG_ROWS_PER_STATEMENT);
      await runner.executeQuery(
        CompiledQuery.raw(
          text,
          spec.columns.map((_, c) => chunk.map((row) => row[c])),
        ),
      );
    }
    counts.set(spec.key, (counts.get(spec.key) ?? 0) + rows.length);
  }

  async function writeTable(spec: TableSpec, rows: (string | number | null)[][]): Promise<void> {
    if (dialect === 'postgres') return writePostgres(spec, rows);
    const batch = batchOf(spec);
    for (let start = 0; start < rows.length; start += batch) {
      const chunk = rows.slice(start, start + batch);
      const key = `${spec.table}:${String(chunk.length)}`;
      let text = texts.get(key);
      if (text === undefined) texts.set(key, (text = insertText(dialect, spec, chunk.length)));
      await runner.executeQuery(CompiledQuery.raw(text, chunk.flat()));
    }
    counts.set(spec.key, (counts.get(spec.key) ?? 0) + rows.length);
  }

  async function flush(): Promise<void> {
    for (const spec of specs) {
      const rows = buffers.get(spec.key) ?? [];
      if (rows.length === 0) continue;
      buffers.set(spec.key, []);
      await writeTable(spec, rows);
    }
    full = false;
  }

  return {
    push(key, row) {
      const spec = bySpec.get(key);
      const buffer = buffers.get(key);
      if (!spec || !buffer) throw new Error(`The demo writer does not know ${key}`);
      buffer.push(spec.columns.map((column) => row[column] ?? null));
      if (buffer.length >= batchOf(spec)) full = true;
    },
    flushIfFull: () => (full ? flush() : Promise.resolve()),
    flush,
    written: () => counts,
  };
}
