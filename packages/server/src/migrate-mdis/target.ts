import { sql } from 'kysely';
import { syncDerivedStructures, tableExists } from '../engine/schema-sync';
import { syncTextIndex } from '../engine/schema-sync/text-index';
import type { Database } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { createCheckpoints } from './checkpoints';
import { installTemplates, type SourceTemplates } from './templates';

/** The migration cannot start (the target holds records, the source is unreadable, …). */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Our own tables the migration fills besides the template tables (children after parents). Not
 * widgets: a first start seeds the default dashboard, which the original's replaces (dashboard-plans).
 */
export const SYSTEM_TARGET_TABLES = [
  'value_lists',
  'value_list_items',
  'igsn_registry',
  'user_config',
  'posts',
  'messages',
  'message_images',
];

/** Whether the target already holds records: users, or rows in any of the given tables. */
async function holdsRecords(database: Database, tables: readonly string[]): Promise<string | undefined> {
  const { db, dialect } = database;
  if ((await db.selectFrom('users').select('id').limit(1).execute()).length > 0) return 'users';
  for (const table of tables) {
    if (!(await tableExists(db, dialect, table))) continue;
    const { rows } = await sql`SELECT 1 AS found FROM ${sql.table(table)} LIMIT 1`.execute(db);
    if (rows.length > 0) return table;
  }
  return undefined;
}

/** --force: what this migration writes is emptied first (children before parents). */
async function emptyTargets(database: Database, tables: readonly string[]): Promise<void> {
  const { db, dialect } = database;
  for (const table of [...tables].reverse())
    if (await tableExists(db, dialect, table)) await sql`DELETE FROM ${sql.table(table)}`.execute(db);
  await sql`DELETE FROM auth_tokens`.execute(db);
  await sql`DELETE FROM users`.execute(db);
  await sql`DELETE FROM mdis_v3_migration`.execute(db);
}

/**
 * Brings the target up to date, refuses one that holds records (unless forced: then empties what
 * the migration writes), and installs the templates with their tables. A run that finds
 * checkpoints is a resumed one: its records are its own.
 */
export async function prepareTarget(database: Database, templates: SourceTemplates, force: boolean): Promise<void> {
  await migrateToLatest(database.db);
  const resuming = (await createCheckpoints(database.db).all()).size > 0;
  const tables = [...templates.models.map((m) => m.table), ...SYSTEM_TARGET_TABLES];
  const holding = resuming ? undefined : await holdsRecords(database, tables);
  if (holding && !force)
    throw new MigrationError(
      `The target database already holds records (${holding}): migrate into a new database, or pass --force to replace them.`,
    );
  if (holding) await emptyTargets(database, tables);
  await installTemplates(database.db, database.dialect, templates);
}

// Explicit ids do not advance PostgreSQL's serial sequences: set each past the highest id.
export async function resetSequences(database: Database, tables: readonly string[]): Promise<void> {
  if (database.dialect !== 'postgres') return;
  for (const table of tables)
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST(COALESCE(MAX(id), 0), 1), MAX(id) IS NOT NULL)
      FROM ${sql.table(table)}`.execute(database.db);
}

/**
 * Text indexes off while the rows arrive: one bulk build afterwards is far cheaper than an FTS5
 * trigger (SQLite) or a GIN insert (PostgreSQL) per row. restoreTextIndexes builds them again, as
 * every server start would after an interrupted run (syncDerivedStructures).
 */
export async function dropTextIndexes(database: Database, templates: SourceTemplates): Promise<void> {
  for (const model of templates.models)
    if (await tableExists(database.db, database.dialect, model.table))
      await syncTextIndex(database.db as never, database.dialect, model.table, [], null);
}

export async function restoreTextIndexes(database: Database, templates: SourceTemplates): Promise<void> {
  await syncDerivedStructures(database.db, database.dialect, templates.models);
}
