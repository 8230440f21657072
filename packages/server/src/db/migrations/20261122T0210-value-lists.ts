import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers';

// Value lists (controlled vocabularies): a list per name, its items store `display` (the code
// written into records) and show `remark` (the text). List-backed record filters match either.
// The list-values API comes with a later issue; this is the minimal shape it builds on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('value_lists'))
    .addColumn('listname', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('is_locked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('list_uri', 'varchar(1024)')
    .execute();

  await withIdColumn(db, db.schema.createTable('value_list_items'))
    .addColumn('list_id', 'integer', (col) => col.notNull().references('value_lists.id').onDelete('cascade'))
    .addColumn('display', 'varchar(255)', (col) => col.notNull())
    .addColumn('remark', 'text')
    .addColumn('uri', 'varchar(1024)')
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('value_list_items_list_id_display_idx')
    .on('value_list_items')
    .columns(['list_id', 'display'])
    .execute();
}
