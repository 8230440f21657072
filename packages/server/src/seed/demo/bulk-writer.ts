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

/**
 * Buffers rows per table and writes them as multi-row INSERTs (a few hundred rows per statement,
 * statement text cached per size, so Kysely compiles nothing). Tables are flushed in the order
 * given — parents first — so every foreign key points at a row that is already written.
 */
export function createBulkWriter(runner: StatementRunner, dialect: Dialect, specs: readonly TableSpec[]): BulkWriter {
  const buffers = new Map(specs.map((spec) => [spec.key, [] as (string | number | null)[][]]));
  const bySpec = new Map(specs.map((spec) => [spec.key, spec]));
  const counts = new Map(specs.map((spec) => [spec.key, 0]));
  const texts = new Map<string, string>();
  const batchOf = (spec: TableSpec) =>
    Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_VALUES_PER_STATEMENT / spec.columns.length)));
  let full = false;

  async function writeTable(spec: TableSpec, rows: (string | number | null)[][]): Promise<void> {
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
