import { type Kysely, sql } from 'kysely';
import { ensureOnLiveTable, SYSTEM_HISTORY_TABLES } from '../../infra/db/history-triggers';
import { isPostgres, withIdColumn } from './helpers';

// Record history (issue 21): one row per written record, made by a trigger on every template table
// (engine/schema-sync/history-triggers.ts) in the same transaction as the write. The actor comes
// from the app (infra/db/audit-context.ts). Indexed for the two ways it is read: one record's
// timeline, and the audit page by user or by batch (newest first = highest id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('record_history'))
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('action', 'varchar(10)', (col) => col.notNull())
    .addColumn('table_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(255)')
    .addColumn('batch_id', 'varchar(40)')
    .addColumn('route', 'varchar(255)')
    .addColumn('client', 'varchar(64)')
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('record_history').columns(columns).execute();
  await index('record_history_record_idx', ['table_name', 'record_id', 'id']);
  await index('record_history_user_idx', ['user_id', 'id']);
  await index('record_history_batch_idx', ['batch_id']);
  if (isPostgres(db)) await createHistoryFunction(db);
  // Template tables get theirs from schema sync (and main.ts at start); these are the system tables.
  const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  for (const { table, exclude } of SYSTEM_HISTORY_TABLES) await ensureOnLiveTable(db, dialect, table, { exclude });
}

async function createHistoryFunction(db: Kysely<unknown>): Promise<void> {
  // One function for every table: PostgreSQL hands it the rows as jsonb, so no column list is needed
  // and a column added later is recorded without touching the trigger.
  await sql`
    CREATE OR REPLACE FUNCTION mdis_record_history() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      actor jsonb := nullif(current_setting('mdis.audit', true), '')::jsonb;
      diff jsonb;
      rid integer;
      skip text[] := coalesce(TG_ARGV, '{}'::text[]);
    BEGIN
      IF actor IS NOT NULL AND jsonb_typeof(actor) = 'string' THEN RETURN NULL; END IF;
      -- The trigger's arguments name the columns never recorded (a password hash).
      IF TG_OP = 'INSERT' THEN
        diff := to_jsonb(NEW) - skip; rid := NEW.id;
      ELSIF TG_OP = 'DELETE' THEN
        diff := to_jsonb(OLD) - skip; rid := OLD.id;
      ELSE
        rid := NEW.id;
        SELECT jsonb_object_agg(n.key, jsonb_build_array(o.value, n.value)) INTO diff
          FROM jsonb_each(to_jsonb(NEW) - skip) n JOIN jsonb_each(to_jsonb(OLD)) o ON o.key = n.key
          WHERE n.value IS DISTINCT FROM o.value;
        IF diff IS NULL THEN RETURN NULL; END IF;
      END IF;
      INSERT INTO record_history (at, action, table_name, record_id, changes, user_id, user_name, batch_id, route, client)
      VALUES (
        to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
        TG_TABLE_NAME, rid, diff::text,
        (actor->>'u')::integer, actor->>'n', actor->>'b', actor->>'r', actor->>'c');
      RETURN NULL;
    END $$`.execute(db);
}
