import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers';

// Dashboard widgets (spec 2 §3). Flags are 0/1 integers, `extra_settings` is JSON text (its shape
// depends on the type; a project image is a data URL, hence text). The dashboard reads every
// widget ordered by `order`, so that column is indexed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('widgets'))
    .addColumn('type', 'varchar(64)', (col) => col.notNull())
    .addColumn('title', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .addColumn('subtitle', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .addColumn('color', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .addColumn('is_dark', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('xs_size', 'integer', (col) => col.notNull().defaultTo(12))
    .addColumn('sm_size', 'integer', (col) => col.notNull().defaultTo(12))
    .addColumn('md_size', 'integer', (col) => col.notNull().defaultTo(6))
    .addColumn('lg_size', 'integer', (col) => col.notNull().defaultTo(4))
    .addColumn('cloneable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('deletable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('extra_settings', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('widgets_order_idx').on('widgets').columns(['order', 'id']).execute();
}
