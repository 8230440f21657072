import { type Generated, type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import type { DatabaseSchema, Db } from '../../infra/db/schema';

// The tables of migration 20261122T0210-value-lists. They are added to the query builder's schema
// here, where they are queried, rather than in the shared system schema.
export interface ValueListsTable {
  id: Generated<number>;
  listname: string;
  is_locked: Generated<number>;
  list_uri: string | null;
}

export interface ValueListItemsTable {
  id: Generated<number>;
  list_id: number;
  display: string;
  remark: string | null;
  uri: string | null;
  sort: Generated<number>;
}

// A type alias, not an interface: `withTables` needs the index signature only aliases infer.
type ValueListTables = {
  value_lists: ValueListsTable;
  value_list_items: ValueListItemsTable;
};

export type ValueListRow = Selectable<ValueListsTable>;
export type ValueListItemRow = Selectable<ValueListItemsTable> & { listname: string };
type ListsDb = Kysely<DatabaseSchema & ValueListTables>;

const LIST_COLUMNS = ['id', 'listname', 'is_locked', 'list_uri'] as const;
const ITEM_COLUMNS = ['i.id', 'i.list_id', 'l.listname', 'i.display', 'i.remark', 'i.uri', 'i.sort'] as const;

const tables = (db: Db): ListsDb => db.withTables<ValueListTables>();

function selectItems(db: Db) {
  return tables(db)
    .selectFrom('value_list_items as i')
    .innerJoin('value_lists as l', 'l.id', 'i.list_id')
    .select(ITEM_COLUMNS);
}

export function createListValuesRepository(db: Db, dialect: Dialect) {
  const lockableList = (trx: Db) =>
    tables(trx)
      .selectFrom('value_lists')
      .select(LIST_COLUMNS)
      .$if(dialect === 'postgres', (qb) => qb.forUpdate());

  return {
    /** The items of one list (every list without a name), in the list's own order: sort, then id. */
    items: (listname?: string): Promise<ValueListItemRow[]> =>
      selectItems(db)
        .$if(listname !== undefined, (qb) => qb.where('l.listname', '=', listname ?? ''))
        .orderBy('l.listname')
        .orderBy('i.sort')
        .orderBy('i.id')
        .execute(),

    findItem: (id: number, trx: Db = db): Promise<ValueListItemRow | undefined> =>
      selectItems(trx).where('i.id', '=', id).executeTakeFirst(),

    /**
     * Alphabetical regardless of case, as the original's MySQL collation sorted them. Compared by
     * code point on both dialects, so a PostgreSQL locale cannot reorder `_` and letters.
     */
    listNames: async (): Promise<string[]> => {
      const byCodePoint = dialect === 'postgres' ? sql`lower(listname) collate "C"` : sql`lower(listname)`;
      const rows = await tables(db)
        .selectFrom('value_lists')
        .select('listname')
        .orderBy(byCodePoint)
        .orderBy(dialect === 'postgres' ? sql`listname collate "C"` : sql`listname`)
        .execute();
      return rows.map((row) => row.listname);
    },

    findListByName: (listname: string, trx: Db = db): Promise<ValueListRow | undefined> =>
      tables(trx).selectFrom('value_lists').select(LIST_COLUMNS).where('listname', '=', listname).executeTakeFirst(),

    /**
     * The list, locked for the rest of the transaction on PostgreSQL: writes to one list (lock
     * check, unique display) then run one after the other.
     */
    lockListById: (id: number, trx: Db): Promise<ValueListRow | undefined> =>
      lockableList(trx).where('id', '=', id).executeTakeFirst(),

    lockListByName: (listname: string, trx: Db): Promise<ValueListRow | undefined> =>
      lockableList(trx).where('listname', '=', listname).executeTakeFirst(),

    /** Creates the list unless it exists (a concurrent creation is no error). */
    ensureList: async (listname: string, trx: Db): Promise<void> => {
      await tables(trx)
        .insertInto('value_lists')
        .values({ listname, is_locked: 0 })
        .onConflict((oc) => oc.column('listname').doNothing())
        .execute();
    },

    updateList: async (id: number, values: Updateable<ValueListsTable>, trx: Db): Promise<void> => {
      await tables(trx).updateTable('value_lists').set(values).where('id', '=', id).execute();
    },

    displaysOf: (listId: number, trx: Db): Promise<{ id: number; display: string }[]> =>
      tables(trx).selectFrom('value_list_items').select(['id', 'display']).where('list_id', '=', listId).execute(),

    insertItem: async (values: Insertable<ValueListItemsTable>, trx: Db): Promise<number> => {
      const row = await tables(trx)
        .insertInto('value_list_items')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    updateItem: async (id: number, values: Updateable<ValueListItemsTable>, trx: Db): Promise<void> => {
      await tables(trx).updateTable('value_list_items').set(values).where('id', '=', id).execute();
    },

    deleteItem: async (id: number, trx: Db): Promise<void> => {
      await tables(trx).deleteFrom('value_list_items').where('id', '=', id).execute();
    },
  };
}

export type ListValuesRepository = ReturnType<typeof createListValuesRepository>;
