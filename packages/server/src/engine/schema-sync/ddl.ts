import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { shortIdentifier, type ColumnDef, type DesiredTable, type ForeignKeyDef, type IndexDef } from './desired-table';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- DDL runs on any schema
export type AnyDb = Kysely<any>;

// Identifiers reach SQL only through Kysely's schema builder or sql.ref/sql.table/sql.id, and
// come from a template. SQL types (sql.raw) come from sqlTypeOf's fixed map.

/**
 * Deletes of referenced rows are refused. PostgreSQL: ON DELETE RESTRICT. SQLite: the default
 * NO ACTION, which refuses the same deletes (the keys are not deferred) but fails with
 * SQLITE_CONSTRAINT_FOREIGNKEY, which the error translator knows; RESTRICT fails with
 * SQLITE_CONSTRAINT_TRIGGER instead.
 */
export function restrictDeletes<T extends { onDelete(action: 'restrict'): T }>(builder: T, dialect: Dialect): T {
  return dialect === 'postgres' ? builder.onDelete('restrict') : builder;
}

function columnType(column: ColumnDef, dialect: Dialect) {
  return sql.raw(column.autoIncrement && dialect === 'postgres' ? 'serial' : column.sqlType);
}

/** CREATE TABLE with columns, primary key and foreign keys (deletes of referenced rows restricted). */
export async function createTable(db: AnyDb, dialect: Dialect, desired: DesiredTable, name = desired.table) {
  await createTableBuilder(db, dialect, desired, name).execute();
}

/** The CREATE TABLE statement, to run or to compile (the code generator writes its SQL text). */
export function createTableBuilder(db: AnyDb, dialect: Dialect, desired: DesiredTable, name = desired.table) {
  let builder = db.schema.createTable(name);
  for (const column of desired.columns)
    builder = builder.addColumn(column.name, columnType(column, dialect), (col) => {
      let c = col;
      if (column.primaryKey) c = c.primaryKey();
      if (column.autoIncrement && dialect === 'sqlite') c = c.autoIncrement();
      if (column.notNull && !column.primaryKey) c = c.notNull();
      return c;
    });
  if (desired.primaryKey.length > 1)
    builder = builder.addPrimaryKeyConstraint(shortIdentifier(`${desired.table}_pkey`), desired.primaryKey as never);
  for (const fk of desired.foreignKeys)
    builder = builder.addForeignKeyConstraint(
      fk.name,
      [fk.column] as never,
      fk.foreignTable,
      [fk.foreignColumn],
      (cb) => restrictDeletes(cb, dialect),
    );
  return builder;
}

export async function addColumn(db: AnyDb, dialect: Dialect, table: string, column: ColumnDef, fk?: ForeignKeyDef) {
  await db.schema
    .alterTable(table)
    .addColumn(column.name, columnType(column, dialect), (col) =>
      fk ? restrictDeletes(col.references(`${fk.foreignTable}.${fk.foreignColumn}`), dialect) : col,
    )
    .execute();
}

export async function createIndex(db: AnyDb, dialect: Dialect, table: string, index: IndexDef) {
  await createIndexBuilder(db, dialect, table, index).execute();
}

/**
 * PostgreSQL: every column NULLS FIRST, as lists sort (record-query.ts: ascending NULLs first on
 * both dialects, the order of mDIS); its default (NULLS LAST) would make an ascending sort by a
 * nullable column sort every row instead of reading the index. A descending sort reads it backwards.
 * SQLite's indexes already order NULLs first.
 */
export function createIndexBuilder(db: AnyDb, dialect: Dialect, table: string, index: IndexDef) {
  const on = db.schema.createIndex(index.physicalName).on(table);
  const builder =
    dialect === 'postgres'
      ? on.expression(sql.join(index.columns.map((column) => sql`${sql.ref(column)} NULLS FIRST`)))
      : on.columns(index.columns);
  return index.unique ? builder.unique() : builder;
}

/** Join table of a many-to-many relation: two FK columns, a composite primary key. */
export async function createJoinTable(
  db: AnyDb,
  joinTable: string,
  sides: { table: string; relatedTable: string; ownColumn: string; relatedColumn: string },
) {
  // Link rows belong to both records: deleting either record removes its links (cascade),
  // unlike parent and 1n references, which restrict the delete.
  await db.schema
    .createTable(joinTable)
    .addColumn(sides.ownColumn, 'integer', (c) => c.notNull().references(`${sides.table}.id`).onDelete('cascade'))
    .addColumn(sides.relatedColumn, 'integer', (c) =>
      c.notNull().references(`${sides.relatedTable}.id`).onDelete('cascade'),
    )
    .addPrimaryKeyConstraint(shortIdentifier(`${joinTable}_pkey`), [sides.ownColumn, sides.relatedColumn] as never)
    .execute();
  await db.schema
    .createIndex(shortIdentifier(`${joinTable}__${sides.relatedColumn}`))
    .on(joinTable)
    .column(sides.relatedColumn)
    .execute();
}

/** PostgreSQL only: change a column's type, converting the values. */
export async function alterColumnType(db: AnyDb, table: string, column: ColumnDef) {
  const type = sql.raw(column.sqlType);
  await sql`alter table ${sql.table(table)} alter column ${sql.ref(column.name)} type ${type} using ${sql.ref(column.name)}::${type}`.execute(
    db,
  );
}

/** PostgreSQL only: drop the FK constraint(s) on a column. */
export async function dropForeignKeyPg(db: AnyDb, table: string, column: string) {
  const names = await sql<{ name: string }>`
    select c.conname as name from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = c.conkey[1]
    where c.contype = 'f' and t.relname = ${table} and t.relnamespace = current_schema()::regnamespace
      and a.attname = ${column}`.execute(db);
  for (const { name } of names.rows) await db.schema.alterTable(table).dropConstraint(name).execute();
}

export async function countValues(db: AnyDb, table: string, column: string): Promise<number> {
  const result = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function countRows(db: AnyDb, table: string): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
