import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../infra/db/schema';

// Template tables are not known at compile time. Queries on them go through this loosely typed
// view of the same connection; every table and column name put into it must come from a loaded
// template (engine/records/record-model.ts), never from request text.
export type DynamicSchema = Record<string, Record<string, unknown>>;
export type DynamicDb = Kysely<DynamicSchema>;
export type DynamicTrx = Transaction<DynamicSchema>;
export type Row = Record<string, unknown>;

/** A stored value as text (for messages and prefix checks); one rule with the field types'. */
export { textOf } from '@mdis/shared';

export function asDynamic(db: Db): DynamicDb {
  return db as unknown as DynamicDb;
}
