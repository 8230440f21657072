import { sql } from 'kysely';
import type { Db } from '../../infra/db/schema';

/** The names of the value lists (the form editor upper-cases a list name not among them). */
export async function valueListNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ listname: string }>`SELECT listname FROM value_lists`.execute(db);
  return rows.map((row) => row.listname);
}
