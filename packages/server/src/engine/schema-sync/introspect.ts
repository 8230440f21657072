import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';

export interface LiveColumn {
  name: string;
  /** Normalised like desiredTable's sqlType: `varchar(20)`, `integer`, `text`, … */
  sqlType: string;
  notNull: boolean;
}

export interface LiveIndex {
  name: string;
  unique: boolean;
  columns: string[];
  /** PostgreSQL: a column orders NULLs last (built before indexes followed the lists' NULLS FIRST). */
  nullsLast?: boolean;
  /** SQLite: the index covers only the rows of its WHERE clause. */
  partial?: boolean;
}

export interface LiveForeignKey {
  column: string;
  foreignTable: string;
}

export interface LiveTable {
  table: string;
  columns: LiveColumn[];
  indices: LiveIndex[];
  foreignKeys: LiveForeignKey[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- introspection runs on any schema
type AnyDb = Kysely<any>;

async function sqliteTable(db: AnyDb, table: string): Promise<LiveTable | undefined> {
  const columns = await sql<{ name: string; type: string; notnull: number; pk: number }>`
    select name, type, "notnull", pk from pragma_table_info(${table})`.execute(db);
  if (columns.rows.length === 0) return undefined;
  // origin 'c' = made by CREATE INDEX (not a PRIMARY KEY or UNIQUE constraint's automatic index).
  const list = await sql<{ name: string; unique: number; origin: string; partial: number }>`
    select name, "unique", origin, partial from pragma_index_list(${table})`.execute(db);
  const indices: LiveIndex[] = [];
  for (const index of list.rows.filter((i) => i.origin === 'c')) {
    const cols = await sql<{ name: string }>`
      select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
    indices.push({
      name: index.name,
      unique: index.unique === 1,
      columns: cols.rows.map((c) => c.name),
      ...(index.partial === 1 ? { partial: true } : {}),
    });
  }
  const fks = await sql<{ from: string; table: string }>`
    select "from", "table" from pragma_foreign_key_list(${table})`.execute(db);
  return {
    table,
    columns: columns.rows.map((c) => ({
      name: c.name,
      sqlType: c.type.toLowerCase(),
      notNull: c.notnull === 1 || c.pk > 0,
    })),
    indices,
    foreignKeys: fks.rows.map((f) => ({ column: f.from, foreignTable: f.table })),
  };
}

function pgType(dataType: string, length: number | null): string {
  if (dataType === 'character varying') return length ? `varchar(${String(length)})` : 'varchar';
  return dataType;
}

async function postgresTable(db: AnyDb, table: string): Promise<LiveTable | undefined> {
  const columns = await sql<{ name: string; data_type: string; length: number | null; is_nullable: string }>`
    select column_name as name, data_type, character_maximum_length as length, is_nullable
    from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(db);
  if (columns.rows.length === 0) return undefined;
  // indoption bit 2 = NULLS FIRST (ddl.ts createIndexBuilder).
  const indices = await sql<{ name: string; unique: boolean; columns: string[]; nullsLast: boolean }>`
    select i.relname as name, x.indisunique as unique,
      array(select a.attname from unnest(x.indkey) with ordinality k(attnum, n)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n)::text[] as columns,
      exists (select 1 from unnest(x.indoption::int2[]) o(flags) where (o.flags & 2) = 0) as "nullsLast"
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relname = ${table} and t.relnamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      -- trigram text indexes are planned apart (text-index.ts)
      and not exists (select 1 from pg_opclass o where o.oid = x.indclass[0] and o.opcname = 'gin_trgm_ops')`.execute(
    db,
  );
  const fks = await sql<{ column: string; foreign_table: string }>`
    select a.attname as column, f.relname as foreign_table
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class f on f.oid = c.confrelid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = c.conkey[1]
    where c.contype = 'f' and t.relname = ${table} and t.relnamespace = current_schema()::regnamespace`.execute(db);
  return {
    table,
    columns: columns.rows.map((c) => ({
      name: c.name,
      sqlType: pgType(c.data_type, c.length),
      notNull: c.is_nullable === 'NO',
    })),
    indices: indices.rows,
    foreignKeys: fks.rows.map((f) => ({ column: f.column, foreignTable: f.foreign_table })),
  };
}

/** The live shape of a table, or undefined when it does not exist. */
export function introspectTable(db: AnyDb, dialect: Dialect, table: string): Promise<LiveTable | undefined> {
  return dialect === 'postgres' ? postgresTable(db, table) : sqliteTable(db, table);
}

export async function tableExists(db: AnyDb, dialect: Dialect, table: string): Promise<boolean> {
  const result =
    dialect === 'postgres'
      ? await sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(
          db,
        )
      : await sql`select 1 from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return result.rows.length > 0;
}

/**
 * The join table of a many-to-many relation: `<table>_<relatedTable>`, or the reverse name when
 * the other side created it first; undefined when neither exists.
 */
export async function resolveJoinTable(
  db: AnyDb,
  dialect: Dialect,
  table: string,
  relatedTable: string,
): Promise<string | undefined> {
  for (const name of [`${table}_${relatedTable}`, `${relatedTable}_${table}`])
    if (await tableExists(db, dialect, name)) return name;
  return undefined;
}
