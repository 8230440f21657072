import { sql } from 'kysely';
import type { Db } from '../../infra/db/schema';

type Executor = Pick<Db, 'selectFrom'>;

/** How many ids one IN list holds (well under SQLite's and PostgreSQL's parameter limits). */
const IDS_PER_QUERY = 1000;

/**
 * A record's version, for the offline client's conflict check: the id of its newest history entry
 * (record_history ids only grow, so any later write gives a larger number; retention removes only
 * older update entries, so it never makes a version look newer). 0: no history (demo data).
 */
export async function versionOf(db: Executor, table: string, id: number): Promise<number> {
  const row = await db
    .selectFrom('record_history')
    .select(sql<number | string | null>`max(id)`.as('version'))
    .where('table_name', '=', table)
    .where('record_id', '=', id)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The versions of many records of one table (one grouped, indexed query per thousand ids). */
export async function versionsOf(db: Executor, table: string, ids: readonly number[]): Promise<Map<number, number>> {
  const versions = new Map<number, number>(ids.map((id) => [id, 0]));
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const chunk = ids.slice(start, start + IDS_PER_QUERY);
    const rows = await db
      .selectFrom('record_history')
      .select(['record_id', sql<number | string>`max(id)`.as('version')])
      .where('table_name', '=', table)
      .where('record_id', 'in', chunk)
      .groupBy('record_id')
      .execute();
    for (const row of rows) versions.set(row.record_id, Number(row.version));
  }
  return versions;
}

/** The fields written on the server after `version` (what the conflict dialog marks as theirs). */
export async function fieldsChangedSince(db: Executor, table: string, id: number, version: number): Promise<string[]> {
  const rows = await db
    .selectFrom('record_history')
    .select(['action', 'changes'])
    .where('table_name', '=', table)
    .where('record_id', '=', id)
    .where('id', '>', version)
    .orderBy('id')
    .execute();
  const fields = new Set<string>();
  for (const row of rows) {
    const changes = JSON.parse(row.changes) as Record<string, unknown>;
    for (const field of Object.keys(changes)) if (field !== 'id') fields.add(field);
  }
  return [...fields];
}
