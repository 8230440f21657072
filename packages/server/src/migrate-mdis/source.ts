import mysql from 'mysql2';
import type { Pool, RowDataPacket } from 'mysql2/promise';

export type SourceRow = Record<string, unknown>;

/** The mDIS v3 database (MySQL/MariaDB), read only: table lists, counts and row streams. */
export interface Source {
  tables(): Promise<Set<string>>;
  columns(table: string): Promise<string[]>;
  count(table: string): Promise<number>;
  /** Every row (the columns given), in `key` order after `afterKey`, streamed: memory stays flat. */
  stream(
    table: string,
    columns: readonly string[],
    options?: { key?: string; afterKey?: number },
  ): AsyncIterable<SourceRow>;
  /** A small table at once (users, RBAC, lists). */
  all(table: string): Promise<SourceRow[]>;
  close(): Promise<void>;
}

const q = (name: string) => `\`${name.replaceAll('`', '``')}\``;

export class SourceError extends Error {
  override name = 'SourceError';
}

export async function openSource(url: string): Promise<Source> {
  // dateStrings: MySQL DATETIME has no zone; the text is taken as it is (UTC, as the original
  // writes), never shifted through this machine's zone. Zero dates arrive as '0000-00-00'.
  const pool = mysql.createPool({ uri: url, dateStrings: true, supportBigNumbers: true, connectionLimit: 2 });
  const promisePool: Pool = pool.promise();
  try {
    await promisePool.query('SELECT 1');
  } catch (error) {
    await promisePool.end().catch(() => undefined);
    throw new SourceError(
      `Cannot read the mDIS v3 database: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    async tables() {
      const [rows] = await promisePool.query<RowDataPacket[]>('SHOW TABLES');
      return new Set(rows.map((row) => String(Object.values(row)[0])));
    },
    async columns(table) {
      const [rows] = await promisePool.query<RowDataPacket[]>(`SHOW COLUMNS FROM ${q(table)}`);
      return rows.map((row) => String(row.Field));
    },
    async count(table) {
      const [rows] = await promisePool.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${q(table)}`);
      return Number(rows[0]?.n ?? 0);
    },
    stream(table, columns, { key, afterKey } = {}) {
      const where = key === undefined ? '' : ` WHERE ${q(key)} > ${String(Math.trunc(afterKey ?? 0))}`;
      const order = key === undefined ? '' : ` ORDER BY ${q(key)}`;
      const text = `SELECT ${columns.map(q).join(', ')} FROM ${q(table)}${where}${order}`;
      // A query stream on a connection of its own: rows arrive as they are read, paused while the
      // consumer writes a batch (for await applies back pressure).
      return (async function* () {
        const connection = await new Promise<mysql.PoolConnection>((resolve, reject) =>
          pool.getConnection((error, c) => (error ? reject(error) : resolve(c))),
        );
        try {
          const stream = connection.query(text).stream({ highWaterMark: 1000 });
          for await (const row of stream) yield row as SourceRow;
        } finally {
          connection.release();
        }
      })();
    },
    async all(table) {
      const [rows] = await promisePool.query<RowDataPacket[]>(`SELECT * FROM ${q(table)}`);
      return rows;
    },
    close: () => promisePool.end(),
  };
}
