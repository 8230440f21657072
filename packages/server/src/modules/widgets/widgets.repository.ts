import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, WidgetsTable } from '../../infra/db/schema';

export type WidgetRow = Selectable<WidgetsTable>;

const COLUMNS = [
  'id',
  'type',
  'title',
  'subtitle',
  'color',
  'is_dark',
  'active',
  'order',
  'xs_size',
  'sm_size',
  'md_size',
  'lg_size',
  'cloneable',
  'deletable',
  'extra_settings',
  'created_at',
  'updated_at',
] as const;

export const WIDGET_SORT_COLUMNS = ['id', 'order', 'type', 'title', 'active'] as const;
export type WidgetSortColumn = (typeof WIDGET_SORT_COLUMNS)[number];

export function createWidgetsRepository(db: Db) {
  return {
    /** Every widget in one query (a dashboard holds a few dozen at most); id breaks ties. */
    list: (sort: readonly { column: WidgetSortColumn; direction: 'asc' | 'desc' }[]): Promise<WidgetRow[]> => {
      let select = db.selectFrom('widgets').select(COLUMNS);
      for (const { column, direction } of sort) select = select.orderBy(column, direction);
      return select.orderBy('id', 'asc').execute();
    },

    find: (id: number, trx: Db = db): Promise<WidgetRow | undefined> =>
      trx.selectFrom('widgets').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** The ids among `ids` that exist. */
    existingIds: async (ids: readonly number[], trx: Db): Promise<Set<number>> => {
      if (ids.length === 0) return new Set();
      const rows = await trx.selectFrom('widgets').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    /** The order after the last widget: where a new or duplicated widget goes. */
    nextOrder: async (trx: Db = db): Promise<number> => {
      const row = await trx
        .selectFrom('widgets')
        .select((eb) => eb.fn.max<number | string | null>('order').as('last'))
        .executeTakeFirstOrThrow();
      return row.last === null ? 0 : Number(row.last) + 1;
    },

    insert: async (values: Insertable<WidgetsTable>, trx: Db = db): Promise<number> => {
      const row = await trx.insertInto('widgets').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    update: async (id: number, values: Updateable<WidgetsTable>, trx: Db = db): Promise<void> => {
      await trx.updateTable('widgets').set(values).where('id', '=', id).execute();
    },

    delete: async (id: number): Promise<number> => {
      const result = await db.deleteFrom('widgets').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    count: async (trx: Db = db): Promise<number> => {
      const row = await trx
        .selectFrom('widgets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type WidgetsRepository = ReturnType<typeof createWidgetsRepository>;
