import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Migrations are written once for both dialects; these helpers hide the few differences.

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key `id` (SQLite: INTEGER PRIMARY KEY AUTOINCREMENT; pg: serial). */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
