import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import type { DynamicTrx, Row } from './dynamic-db';
import { columnTypes } from './insert-rows';
import type { RecordModel } from './record-model';

// The UPDATEs of a batch of updates (records-update-many.ts): the rows that change the same
// columns written by one statement, `UPDATE t SET c = v.c FROM (VALUES ...) AS v WHERE t.id =
// v.id`, instead of one statement (and on PostgreSQL one round trip) per row. Each row's history
// is still written by the table's trigger, as for a single update.

/** Bound parameters per statement: under SQLite's 32766 and PostgreSQL's 65535. */
const MAX_PARAMETERS = 30_000;
/** Rows per UPDATE at most: a few statement shapes only (their text is the statement cache's key). */
const MAX_UPDATE_ROWS = 500;

export interface RowUpdate {
  id: number;
  /** The changed columns in storage form; none: the row is left alone (as a single update). */
  values: Row;
}

interface UpdateOptions {
  dialect: Dialect;
  /** Lives as long as the import: the table's column types (PostgreSQL) are read once. */
  memo: Map<string, unknown>;
}

async function updateFromValues(
  trx: DynamicTrx,
  model: RecordModel,
  columns: readonly string[],
  rows: readonly RowUpdate[],
  { dialect, memo }: UpdateOptions,
): Promise<void> {
  const names = ['id', ...columns];
  const types = dialect === 'postgres' ? await columnTypes(trx, model.table, memo) : undefined;
  const cell = (name: string, value: unknown): RawBuilder<unknown> => {
    const type = types?.get(name);
    const bound = value === undefined ? sql`NULL` : sql`${value}`;
    return type ? sql`CAST(${bound} AS ${sql.raw(type)})` : bound;
  };
  const values = sql.join(
    rows.map((row) => sql`(${sql.join(names.map((name) => cell(name, name === 'id' ? row.id : row.values[name])))})`),
  );
  // SQLite names the VALUES columns column1, column2, …; PostgreSQL takes the names in the alias.
  const from =
    dialect === 'postgres'
      ? sql`(VALUES ${values}) AS v (${sql.join(names.map((name) => sql.id(name)))})`
      : sql`(SELECT ${sql.join(names.map((name, index) => sql`${sql.id(`column${String(index + 1)}`)} AS ${sql.id(name)}`))} FROM (VALUES ${values})) AS v`;
  const assignments = sql.join(columns.map((name) => sql`${sql.id(name)} = ${sql.ref(`v.${name}`)}`));
  await sql`UPDATE ${sql.table(model.table)} SET ${assignments} FROM ${from} WHERE ${sql.ref(`${model.table}.id`)} = ${sql.ref('v.id')}`.execute(
    trx,
  );
}

/** Updates rows by id, grouped by the columns they change; a row changing nothing is not written. */
export async function updateRows(
  trx: DynamicTrx,
  model: RecordModel,
  rows: readonly RowUpdate[],
  options: UpdateOptions,
): Promise<void> {
  const groups = new Map<string, RowUpdate[]>();
  for (const row of rows) {
    const key = Object.keys(row.values).sort().join(',');
    if (key === '') continue;
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  for (const [key, group] of groups) {
    const columns = key.split(',');
    const size = Math.max(1, Math.min(MAX_UPDATE_ROWS, Math.floor(MAX_PARAMETERS / (columns.length + 1))));
    for (let start = 0; start < group.length; start += size)
      await updateFromValues(trx, model, columns, group.slice(start, start + size), options);
  }
}
