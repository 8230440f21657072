import type { Kysely } from 'kysely';

// Which indexes of the shipped model templates an installation was given (seed/shipped-indexes.ts).
// Seeding never overwrites a stored template, so an index added to a shipped template later (samples'
// `top`) reaches an older installation only through a start that adds it; a row here says it was
// given once, so an administrator who removes it afterwards does not get it back at the next start.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shipped_indexes')
    .addColumn('model', 'varchar(128)', (col) => col.notNull())
    .addColumn('index_name', 'varchar(128)', (col) => col.notNull())
    .addColumn('offered_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('shipped_indexes_pkey', ['model', 'index_name'])
    .execute();
}
