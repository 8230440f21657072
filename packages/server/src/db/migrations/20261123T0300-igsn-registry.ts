import { type Kysely, sql } from 'kysely';
import { isPostgres, withIdColumn } from './helpers';

// The registry of issued IGSNs (the original's dis_igsn): one row per IGSN ever issued, kept when
// its record is deleted so that the code is never issued again. `igsn` is stored upper case and
// is unique (byte order on PostgreSQL, so that a prefix search is a plain index range); it is
// the one index `app/find-igsn` searches, for every model at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('igsn_registry'))
    .addColumn('igsn', 'varchar(64)', (col) =>
      (isPostgres(db) ? col.modifyFront(sql`collate "C"`) : col).notNull().unique(),
    )
    .addColumn('data_model', 'varchar(255)', (col) => col.notNull())
    .addColumn('model_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('igsn_registry_data_model_model_id_idx')
    .on('igsn_registry')
    .columns(['data_model', 'model_id'])
    .execute();
}
