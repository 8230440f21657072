import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, PostsTable } from '../../infra/db/schema';
import type { PageRequest } from '../../infra/http/list-query';

export type PostRow = Selectable<PostsTable>;

const COLUMNS = ['id', 'author_id', 'author', 'text', 'created_at', 'updated_at'] as const;

export const POST_SORT_COLUMNS = ['id', 'created_at', 'updated_at', 'author'] as const;
export type PostSortColumn = (typeof POST_SORT_COLUMNS)[number];

export type PostPageQuery = PageRequest<PostSortColumn>;

export function createPostsRepository(db: Db) {
  return {
    /** One page and the total: one data query and one count query. */
    async page(query: PostPageQuery): Promise<{ rows: PostRow[]; total: number }> {
      let select = db.selectFrom('posts').select(COLUMNS);
      for (const { column, direction } of query.sort) select = select.orderBy(column, direction);
      // Without a sort the newest come first; id breaks ties of posts written in the same second.
      if (query.sort.length === 0) select = select.orderBy('created_at', 'desc');
      select = select.orderBy('id', 'desc');
      if (query.limit !== undefined) select = select.limit(query.limit).offset(query.offset);
      const [rows, count] = await Promise.all([
        select.execute(),
        db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    find: (id: number): Promise<PostRow | undefined> =>
      db.selectFrom('posts').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    insert: async (values: Insertable<PostsTable>): Promise<number> => {
      const row = await db.insertInto('posts').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    update: async (id: number, values: Updateable<PostsTable>): Promise<void> => {
      await db.updateTable('posts').set(values).where('id', '=', id).execute();
    },

    delete: async (id: number): Promise<void> => {
      await db.deleteFrom('posts').where('id', '=', id).execute();
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
