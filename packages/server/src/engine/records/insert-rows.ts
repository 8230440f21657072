import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { bulkInsertWork, insertInBulk } from './bulk-triggers';
import type { DynamicTrx, Row } from './dynamic-db';
import type { MaintainedColumn } from './maintained-columns';
import { parentAliases } from './maintained-set-based';
import type { RecordModel } from './record-model';
import { memoByObject } from '../../infra/memo-by-object';

// The multi-row INSERTs of a batch of creates (records-create-many.ts). Where the model has
// maintained columns, each INSERT computes them itself from the rows it inserts
// (`INSERT ... SELECT <row>, <maintained SQL over r> FROM (VALUES ...) AS r`; on PostgreSQL
// `FROM unnest(<one array per column>) AS r`): the same SQL the UPDATE after a write runs, over the
// same values, without a second write of every row (and the history trigger and index updates that
// write would fire). Columns with a set-based form (ColumnSql.perParent: a sample's four depths over
// its split's section) read their parent's row computed once per parent and statement
// (`WITH r AS (...), mp1 AS MATERIALIZED (...)`), not once per row and column. On SQLite the per-row
// INSERT triggers that have a set-based form are done once per INSERT instead (bulk-triggers.ts).

/** Bound parameters per statement: under SQLite's 32766 and PostgreSQL's 65535. */
const MAX_PARAMETERS = 30_000;
/** Rows per INSERT at most: a few statement shapes only (their text is the statement cache's key). */
const MAX_INSERT_ROWS = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** What the INSERT ... SELECT needs besides the rows: the columns and how to read them. */
export interface MaintainedInsert {
  dialect: Dialect;
  columns: readonly MaintainedColumn[];
  /** Lives as long as the import: the table's column types (PostgreSQL) are read once. */
  memo: Map<string, unknown>;
}

/**
 * The record columns the maintained SQL reads (`"r"."name"`): the derived table `r` of the insert
 * holds them, NULL where a row does not give them (template tables have no column defaults).
 */
export const columnsRead = memoByObject((columns: readonly MaintainedColumn[], trx: DynamicTrx): Set<string> => {
  const found = new Set<string>();
  for (const column of columns) {
    const text = column.sql.compile(trx).sql;
    for (const match of text.matchAll(/"r"\."((?:[^"]|"")+)"/g)) found.add(match[1].replace(/""/g, '"'));
  }
  return found;
});

/** PostgreSQL: each column's type, so that the VALUES (untyped parameters otherwise) read as the table's columns. */
export async function columnTypes(
  trx: DynamicTrx,
  table: string,
  memo: Map<string, unknown>,
): Promise<Map<string, string>> {
  const key = `insert-rows:types:${table}`;
  const known = memo.get(key) as Map<string, string> | undefined;
  if (known) return known;
  const { rows } = await sql<{ name: string; type: string }>`
    SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
    WHERE attrelid = to_regclass(${`"${table.replace(/"/g, '""')}"`}) AND attnum > 0 AND NOT attisdropped`.execute(trx);
  const types = new Map(rows.map((row) => [row.name, row.type]));
  memo.set(key, types);
  return types;
}

/**
 * The rows as the derived table `r` with the columns `read` (a column not given is NULL): a VALUES
 * list, or on PostgreSQL (`arrays`) one array per given column, unnested. As a query (for a WITH) and
 * as a FROM item.
 */
function rowsOf(
  dialect: Dialect,
  given: readonly string[],
  read: readonly string[],
  rows: readonly Row[],
  types: ReadonlyMap<string, string> | undefined,
  arrays: boolean,
): { query: RawBuilder<unknown>; from: RawBuilder<unknown> } {
  const names = sql.join(read.map((name) => sql.id(name)));
  if (arrays && types) {
    const query = fromArrays(given, read, types);
    return { query, from: sql`(${query}) AS r` };
  }
  const cell = (name: string, value: unknown): RawBuilder<unknown> => {
    const type = types?.get(name);
    const bound = value === undefined ? sql`NULL` : sql`${value}`;
    return type ? sql`CAST(${bound} AS ${sql.raw(type)})` : bound;
  };
  const values = sql.join(rows.map((row) => sql`(${sql.join(read.map((name) => cell(name, row[name])))})`));
  // SQLite names the VALUES columns column1, column2, …; PostgreSQL takes the names in the alias.
  const from =
    dialect === 'postgres'
      ? sql`(VALUES ${values}) AS r (${names})`
      : sql`(SELECT ${sql.join(read.map((name, index) => sql`${sql.id(`column${String(index + 1)}`)} AS ${sql.id(name)}`))} FROM (VALUES ${values})) AS r`;
  return { query: sql`VALUES ${values}`, from };
}

/** The INSERT ... SELECT of `rows` (all giving the columns `given`, none undefined) as Kysely builds it. */
async function buildInsertSelecting(
  trx: DynamicTrx,
  model: RecordModel,
  given: readonly string[],
  rows: readonly Row[],
  maintained: MaintainedInsert,
  arrays: boolean,
): Promise<RawBuilder<unknown>> {
  const { dialect, columns } = maintained;
  const read = [...given, ...[...columnsRead(columns, trx)].filter((name) => !given.includes(name))];
  const types = dialect === 'postgres' ? await columnTypes(trx, model.table, maintained.memo) : undefined;
  const source = rowsOf(dialect, given, read, rows, types, arrays);
  const target = sql.join([...given, ...columns.map((c) => c.column)].map((name) => sql.id(name)));
  const aliases = parentAliases(columns);
  if (aliases.size > 0) {
    // The parents' values once per parent (a sample's section depth once per split, not four times
    // per row): the rows as `r`, each parent's row materialized once, LEFT JOINed as the set-based
    // refresh does (maintained-set-based.ts: the same values as the per-row SQL).
    const parents = [...aliases].map(
      ([parent, alias]) =>
        sql`${sql.id(alias)} AS MATERIALIZED (${parent.select(sql`SELECT ${sql.ref(`r.${parent.via}`)} FROM ${sql.ref('r')}`)})`,
    );
    const joins = [...aliases].map(
      ([parent, alias]) =>
        sql` LEFT JOIN ${sql.id(alias)} ON ${sql.ref(`${alias}.key`)} = ${sql.ref(`r.${parent.via}`)}`,
    );
    const selected = sql.join([
      ...given.map((name) => sql.ref(`r.${name}`)),
      ...columns.map(({ sql: perRow, perParent }) =>
        perParent ? perParent.value(aliases.get(perParent.parent) ?? '') : perRow,
      ),
    ]);
    return sql`WITH ${sql.id('r')} (${sql.join(read.map((name) => sql.id(name)))}) AS (${source.query}), ${sql.join(
      parents,
    )} INSERT INTO ${sql.table(model.table)} (${target}) SELECT ${selected} FROM ${sql.ref('r')}${sql.join(
      joins,
      sql``,
    )} ORDER BY ${sql.ref('r.id')}`;
  }
  const selected = sql.join([...given.map((name) => sql.ref(`r.${name}`)), ...columns.map((c) => c.sql)]);
  return sql`INSERT INTO ${sql.table(model.table)} (${target}) SELECT ${selected} FROM ${source.from}`;
}

/**
 * PostgreSQL: the rows as one array per given column, unnested (the columns `read` beyond them
 * NULL). The statement's text is the same whatever the number of rows, and PostgreSQL parses and
 * plans a few lines instead of a VALUES list of 500 rows × the columns, each one CAST (a sixth of a
 * 500-row import INSERT's time went there).
 */
function fromArrays(
  given: readonly string[],
  read: readonly string[],
  types: ReadonlyMap<string, string>,
): RawBuilder<unknown> {
  const typeOf = (name: string) => sql.raw(types.get(name) ?? 'text');
  const unnested = sql.join(given.map((name) => sql`CAST(${[]} AS ${typeOf(name)}[])`));
  const others = read.filter((name) => !given.includes(name));
  const derived = sql.join([
    ...given.map((name) => sql.ref(`u.${name}`)),
    ...others.map((name) => sql`CAST(NULL AS ${typeOf(name)}) AS ${sql.id(name)}`),
  ]);
  return sql`SELECT ${derived} FROM unnest(${unnested}) AS u (${sql.join(given.map((name) => sql.id(name)))})`;
}

/** Whether the rows can go as arrays: PostgreSQL, every given column's type known and no value an array or object. */
function asArrays(
  dialect: Dialect,
  given: readonly string[],
  rows: readonly Row[],
  types: ReadonlyMap<string, string> | undefined,
): boolean {
  if (dialect !== 'postgres' || !types || !given.every((name) => types.has(name) && !types.get(name)?.endsWith(']')))
    return false;
  for (const row of rows)
    for (const name of given) {
      const value = row[name];
      if (typeof value === 'object' && value !== null && !(value instanceof Date)) return false;
    }
  return true;
}

/**
 * Whether a group of rows goes as arrays (PostgreSQL, see fromArrays): then one INSERT takes them
 * all (its parameters are one array per column, whatever the number of rows), and the statement's
 * triggers (history, row count) and round trip come once per batch, not once per 500 rows.
 */
async function allAsArrays(
  trx: DynamicTrx,
  model: RecordModel,
  given: readonly string[],
  rows: readonly Row[],
  selecting: MaintainedInsert | undefined,
): Promise<boolean> {
  if (selecting?.dialect !== 'postgres') return false;
  return asArrays(selecting.dialect, given, rows, await columnTypes(trx, model.table, selecting.memo));
}

/**
 * A compiled INSERT ... SELECT: its text and the parameters of the maintained SQL, which come
 * before the rows' values (`leading`) or, where the rows are a WITH before it, after them (`trailing`).
 */
interface InsertShape {
  text: string;
  leading: readonly unknown[];
  trailing: readonly unknown[];
}

/**
 * Runs the INSERT ... SELECT of the rows, given as arrays (`arrays`, allAsArrays) or as a VALUES
 * list. Its text depends only on the table, the given columns and the number of rows, and each
 * row's values are bound in the order of `given`: an import compiles each shape once (kept in
 * `memo`) and binds the next batch's values, instead of building and compiling a query tree of
 * some thousand nodes per statement.
 */
async function insertSelecting(
  trx: DynamicTrx,
  model: RecordModel,
  given: readonly string[],
  rows: readonly Row[],
  maintained: MaintainedInsert,
  arrays: boolean,
): Promise<void> {
  const count = arrays ? 'arrays' : String(rows.length);
  const key = `insert-rows:shape:${model.table}:${count}:${JSON.stringify(given)}`;
  let shape = maintained.memo.get(key) as InsertShape | undefined;
  if (!shape) {
    const compiled = (await buildInsertSelecting(trx, model, given, rows, maintained, arrays)).compile(trx);
    // the rows' values: one array per given column, or one value per row and column
    const values = arrays ? given.length : rows.length * given.length;
    const others = compiled.parameters.length - values;
    const withFirst = compiled.sql.startsWith('WITH ');
    shape = {
      text: compiled.sql,
      leading: withFirst ? [] : compiled.parameters.slice(0, others),
      trailing: withFirst ? compiled.parameters.slice(values) : [],
    };
    maintained.memo.set(key, shape);
  }
  const parameters: unknown[] = [...shape.leading];
  if (arrays) for (const name of given) parameters.push(rows.map((row) => row[name] ?? null));
  else for (const row of rows) for (const name of given) parameters.push(row[name]);
  parameters.push(...shape.trailing);
  await trx.executeQuery(CompiledQuery.raw(shape.text, parameters));
}

/**
 * Multi-row INSERTs with the ids given; rows grouped by their columns (a missing column keeps its
 * default, as a single-row insert leaves out an undefined value). With maintained columns, each
 * INSERT writes them too (see above).
 */
export async function insertRows(
  trx: DynamicTrx,
  model: RecordModel,
  rows: readonly Row[],
  maintained?: MaintainedInsert,
): Promise<void> {
  const groups = new Map<string, { given: string[]; rows: Row[] }>();
  for (const row of rows) {
    const given = Object.keys(row)
      .filter((name) => row[name] !== undefined)
      .sort();
    const key = given.join(',');
    const group = groups.get(key) ?? { given, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const selecting = maintained && maintained.columns.length > 0 ? maintained : undefined;
  // SQLite, every id given: the per-row trigger work done set-based after each INSERT (bulk-triggers.ts).
  const bulk =
    maintained?.dialect === 'sqlite' && rows.every((row) => typeof row.id === 'number')
      ? await bulkInsertWork(trx, model.table, maintained.memo)
      : undefined;
  for (const { given, rows: group } of groups.values()) {
    const width = selecting ? given.length + columnsRead(selecting.columns, trx).size : given.length;
    const arrays = await allAsArrays(trx, model, given, group, selecting);
    const size = arrays
      ? group.length
      : Math.max(1, Math.min(MAX_INSERT_ROWS, Math.floor(MAX_PARAMETERS / Math.max(1, width))));
    for (const part of chunks(group, size)) {
      const insert = async () => {
        if (selecting) await insertSelecting(trx, model, given, part, selecting, arrays);
        else
          await trx
            .insertInto(model.table)
            .values(part.map((row) => Object.fromEntries(given.map((name) => [name, row[name]]))))
            .execute();
      };
      if (bulk)
        await insertInBulk(
          trx,
          model.table,
          bulk,
          part.map((row) => row.id as number),
          insert,
        );
      else await insert();
    }
  }
}
