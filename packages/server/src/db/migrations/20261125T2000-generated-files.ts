import type { Kysely } from 'kysely';

// What the template manager's code generator writes (DDL, row types, hook modules, form modules),
// kept in the database so that every instance behind a load balancer sees the same files and the
// same overwrite/skip state: nothing shared lives on one instance's disk (docs/decisions.md; DESIGN §2).
// `path` is the file's path under the generated folder
// (`hooks/CurationCore.hooks.mjs`); `history` lists the SHA-256 of earlier contents (newest first),
// so a copy on an instance's disk can be told apart: an old version (refresh it) or a developer's
// edit (import it). Every change bumps `template_revision`: instances reload hooks on the next request.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('generated_files')
    .addColumn('path', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('history', 'text', (col) => col.notNull())
    .addColumn('modified_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}
