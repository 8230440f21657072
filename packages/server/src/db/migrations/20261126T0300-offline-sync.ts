import type { Kysely } from 'kysely';

// Offline sync (issue 22): the client operations a user's uploads have applied, with the answer
// each got. A repeated upload (the answer was lost on the way back) finds its operation here and
// gets the stored answer instead of a second write. `temp_id`: the client's temporary id of a
// record the operation created, so a child sent in a later upload can still name its parent by it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('offline_applied_ops')
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('op_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('temp_id', 'varchar(100)')
    .addColumn('record_id', 'integer')
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('applied_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('offline_applied_ops_pk', ['user_id', 'op_id'])
    .execute();
  await db.schema
    .createIndex('offline_applied_ops_temp_idx')
    .on('offline_applied_ops')
    .columns(['user_id', 'temp_id'])
    .execute();
}
