import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './dialect';

// A deleted record is found by its id, combined id or IGSN (issue 21). Its deletion row keeps the
// whole record as JSON text in `changes`; each text column searched has a partial expression index
// on the deletion rows (migration 20261127T0100), so the search reads an index on both dialects
// instead of parsing the JSON of every deletion. An expression index is matched by its text: the
// query must build the very expression the index was built on, hence one builder for both.

/** The stored text columns a deleted record is found by, besides its id (where its model has them). */
export const DELETED_SEARCH_COLUMNS = ['combined_id', 'igsn'] as const;
export type DeletedSearchColumn = (typeof DELETED_SEARCH_COLUMNS)[number];

/** The partial indexes' condition; a literal, so that a query carrying it can use them. */
export const DELETION = sql<'delete'>`'delete'`;

/** A deletion row's stored value of `column`, lower-cased: the indexed expression. */
export function deletedValue(dialect: Dialect, column: DeletedSearchColumn): RawBuilder<string | null> {
  // The column is one of a fixed list; written as literals because the index holds literals.
  return dialect === 'postgres'
    ? sql<string | null>`lower(changes::jsonb ->> ${sql.lit(column)})`
    : sql<string | null>`lower(json_extract(changes, ${sql.lit(`$.${column}`)}))`;
}

export const deletedSearchIndexName = (column: DeletedSearchColumn) => `record_history_deleted_${column}_idx`;
