import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, MessageImagesTable, MessagesTable } from '../../infra/db/schema';
import type { PageRequest } from '../../infra/http/list-query';

export type MessageRow = Selectable<MessagesTable>;
export type MessageImageRow = Pick<Selectable<MessageImagesTable>, 'id' | 'message_id' | 'position' | 'caption'>;

const COLUMNS = ['id', 'date', 'message', 'author_id', 'author', 'created_at', 'updated_at'] as const;
const IMAGE_COLUMNS = ['id', 'message_id', 'position', 'caption'] as const;

export const MESSAGE_SORT_COLUMNS = ['id', 'date', 'created_at', 'updated_at'] as const;
export type MessageSortColumn = (typeof MESSAGE_SORT_COLUMNS)[number];

export interface MessagePageQuery extends PageRequest<MessageSortColumn> {
  /** Exclusive bounds on `date` (YYYY-MM-DD compares correctly as text). */
  after?: string;
  before?: string;
}

function filtered(db: Db, query: Pick<MessagePageQuery, 'after' | 'before'>) {
  return db
    .selectFrom('messages')
    .$if(query.after !== undefined, (qb) => qb.where('date', '>', query.after ?? ''))
    .$if(query.before !== undefined, (qb) => qb.where('date', '<', query.before ?? ''));
}

export function createMessagesRepository(db: Db) {
  return {
    async page(query: MessagePageQuery): Promise<{ rows: MessageRow[]; total: number }> {
      let select = filtered(db, query).select(COLUMNS);
      for (const { column, direction } of query.sort) select = select.orderBy(column, direction);
      if (query.sort.length === 0) select = select.orderBy('date', 'desc');
      select = select.orderBy('id', 'desc');
      if (query.limit !== undefined) select = select.limit(query.limit).offset(query.offset);
      const [rows, count] = await Promise.all([
        select.execute(),
        filtered(db, query)
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    onDate: (date: string): Promise<MessageRow[]> =>
      db.selectFrom('messages').select(COLUMNS).where('date', '=', date).orderBy('id').execute(),

    find: (id: number, trx: Db = db): Promise<MessageRow | undefined> =>
      trx.selectFrom('messages').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    insert: async (values: Insertable<MessagesTable>, trx: Db): Promise<number> => {
      const row = await trx.insertInto('messages').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    update: async (id: number, values: Updateable<MessagesTable>, trx: Db): Promise<void> => {
      await trx.updateTable('messages').set(values).where('id', '=', id).execute();
    },

    delete: async (id: number): Promise<void> => {
      await db.deleteFrom('messages').where('id', '=', id).execute();
    },

    /** The images of a page of messages in one query (never one per message), without their bytes. */
    imagesOf: async (messageIds: readonly number[], trx: Db = db): Promise<MessageImageRow[]> =>
      messageIds.length === 0
        ? []
        : trx
            .selectFrom('message_images')
            .select(IMAGE_COLUMNS)
            .where('message_id', 'in', messageIds)
            .orderBy('message_id')
            .orderBy('position')
            .execute(),

    image: (id: number) =>
      db.selectFrom('message_images').select(['mime_type', 'data']).where('id', '=', id).executeTakeFirst(),

    insertImage: async (values: Insertable<MessageImagesTable>, trx: Db): Promise<void> => {
      await trx.insertInto('message_images').values(values).execute();
    },

    updateImage: async (id: number, values: Updateable<MessageImagesTable>, trx: Db): Promise<void> => {
      await trx.updateTable('message_images').set(values).where('id', '=', id).execute();
    },

    deleteImagesExcept: async (messageId: number, keep: readonly number[], trx: Db): Promise<void> => {
      await trx
        .deleteFrom('message_images')
        .where('message_id', '=', messageId)
        .$if(keep.length > 0, (qb) => qb.where('id', 'not in', keep))
        .execute();
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
