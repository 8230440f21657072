import type { Kysely } from 'kysely';

// Imports (issue 20). `import_mappings`: each user's last mapping of file headers to a form's
// columns, offered again next time. `import_batches`: one row per committed import, under the
// batch id its record_history rows carry, so that the import can be listed and undone as a whole.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_mappings')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('form', 'varchar(255)', (col) => col.notNull())
    .addColumn('mapping', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_mappings_pk', ['user_id', 'form'])
    .execute();

  await db.schema
    .createTable('import_batches')
    .addColumn('batch_id', 'varchar(40)', (col) => col.notNull().primaryKey())
    .addColumn('form', 'varchar(255)', (col) => col.notNull())
    .addColumn('table_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('counts', 'text', (col) => col.notNull())
    .addColumn('undone_at', 'varchar(32)')
    .execute();
}
