import { type Kysely, sql } from 'kysely';
import { DELETED_SEARCH_COLUMNS, DELETION, deletedSearchIndexName, deletedValue } from '../../infra/db/history-search';
import { isPostgres } from './helpers';

// The deleted-record search (issue 21) by combined id or IGSN read the JSON of every deletion of the
// model. One partial expression index per searched column, on the deletion rows only: no cost for
// the creates and updates (the condition is checked before the expression is computed), no new
// column for the triggers to fill, and existing deletions are indexed when it is built.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  for (const column of DELETED_SEARCH_COLUMNS) {
    await sql`CREATE INDEX ${sql.id(deletedSearchIndexName(column))} ON record_history
      (table_name, ${deletedValue(dialect, column)}) WHERE action = ${DELETION}`.execute(db);
  }
}
