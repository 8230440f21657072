import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

// Row counters of the template tables (issue 17): an unfiltered list reads its total from here
// instead of counting a million rows. Schema sync adds the triggers that keep a table's rows here in
// the same transaction as the write (engine/schema-sync/row-counter.ts). A table's count is the sum
// of its slots: on PostgreSQL each connection adds to its own slot (backend pid mod 16), so parallel
// writers to one table do not queue on one row lock; SQLite has one writer and uses slot 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_counts')
    .addColumn('table_name', 'varchar(128)', (col) => col.notNull())
    .addColumn('slot', 'integer', (col) => col.notNull())
    .addColumn('row_count', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('record_counts_pkey', ['table_name', 'slot'])
    .execute();
  if (!isPostgres(db)) return;
  // One statement-level function for every table: transition tables give the statement's row count.
  await sql`
    CREATE OR REPLACE FUNCTION mdis_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE delta bigint;
    BEGIN
      IF TG_OP = 'INSERT' THEN SELECT count(*) INTO delta FROM new_rows;
      ELSE SELECT -count(*) INTO delta FROM old_rows;
      END IF;
      IF delta <> 0 THEN
        INSERT INTO record_counts AS c (table_name, slot, row_count)
        VALUES (TG_TABLE_NAME, pg_backend_pid() % 16, delta)
        ON CONFLICT (table_name, slot) DO UPDATE SET row_count = c.row_count + EXCLUDED.row_count;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
