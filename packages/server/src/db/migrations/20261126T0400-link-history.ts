import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

// Many-to-many links in the record history (issue 21): the PostgreSQL function the join tables'
// triggers run (infra/db/history-triggers.ts; SQLite's triggers carry their statements). Its
// arguments are the join table's sides: own table, own column, related table, related column. One
// row per side, so each record's timeline shows the link; the actor as mdis_record_history reads it.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    CREATE OR REPLACE FUNCTION mdis_link_history() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      actor jsonb := nullif(current_setting('mdis.audit', true), '')::jsonb;
      link jsonb;
      verb text;
      at text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    BEGIN
      IF actor IS NOT NULL AND jsonb_typeof(actor) = 'string' THEN RETURN NULL; END IF;
      IF TG_OP = 'INSERT' THEN link := to_jsonb(NEW); verb := 'link';
      ELSE link := to_jsonb(OLD); verb := 'unlink';
      END IF;
      INSERT INTO record_history (at, action, table_name, record_id, changes, user_id, user_name, batch_id, route, client)
      VALUES
        (at, verb, TG_ARGV[0], (link->>TG_ARGV[1])::integer,
         jsonb_build_object(TG_ARGV[3], link->TG_ARGV[3])::text,
         (actor->>'u')::integer, actor->>'n', actor->>'b', actor->>'r', actor->>'c'),
        (at, verb, TG_ARGV[2], (link->>TG_ARGV[3])::integer,
         jsonb_build_object(TG_ARGV[1], link->TG_ARGV[1])::text,
         (actor->>'u')::integer, actor->>'n', actor->>'b', actor->>'r', actor->>'c');
      RETURN NULL;
    END $$`.execute(db);
}
