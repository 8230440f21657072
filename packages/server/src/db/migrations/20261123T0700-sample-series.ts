import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers';

// Sample series (reports CreateSampleSeries / UndoSampleSeries): the data model has no series, so
// the samples created together along one split are remembered here, to be undone together.
// `split_id` and `sample_id` point into template tables, which schema-sync owns and may rebuild:
// plain integers, no foreign keys. A sample belongs to at most one series.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('sample_series'))
    .addColumn('split_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('start_top', 'double precision', (col) => col.notNull())
    .addColumn('sample_length', 'double precision', (col) => col.notNull())
    .addColumn('spacing', 'double precision', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sample_series_split_idx').on('sample_series').column('split_id').execute();

  await db.schema
    .createTable('sample_series_item')
    .addColumn('series_id', 'integer', (col) => col.notNull().references('sample_series.id').onDelete('cascade'))
    .addColumn('sample_id', 'integer', (col) => col.notNull().primaryKey())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sample_series_item_series_idx')
    .on('sample_series_item')
    .columns(['series_id', 'position'])
    .execute();
}
