import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers';

// Model and form templates live in the database as JSON documents in the original's format, so
// they export and import unchanged (docs/decisions.md; DESIGN §6). `data` is the
// template as JSON text and the source of truth; module and the timestamps are copied out of it so
// that lists can be filtered and sorted without parsing. `version` grows on every save;
// `applied_*` record the template version whose table the schema sync last built (models only).
// `template_revision` is a single counter bumped on every change, so instances can cache parsed
// templates and check freshness with one tiny query: no instance keeps state another instance could
// change without telling (docs/decisions.md, "No time-based caches"; DESIGN §2).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('templates'))
    .addColumn('kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('module', 'varchar(255)', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('modified_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('generated_at', 'varchar(32)')
    .addColumn('applied_version', 'integer')
    .addColumn('applied_data', 'text')
    .addColumn('applied_at', 'varchar(32)')
    .addUniqueConstraint('templates_kind_name_unique', ['kind', 'name'])
    .execute();

  await db.schema
    .createTable('template_revision')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .execute();
  await db
    .insertInto('template_revision' as never)
    .values({ id: 1, revision: 0 })
    .execute();
}
