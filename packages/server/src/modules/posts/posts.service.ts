import { AppError, type PageQuery, type Post, type PostBody, POST_MESSAGES } from '@mdis/shared';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';
import {
  assertMayChangeAuthored,
  assertMayWrite,
  mayChangeAuthored,
  nowInSeconds,
  signatureOf,
} from '../../infra/auth/authorship';
import { listMeta, pageWindow, parseSort } from '../../infra/http/list-query';
import { POST_SORT_COLUMNS, type PostRow, type PostsRepository } from './posts.repository';

// pg answers bigint columns as strings.
const presentPost = (row: PostRow, viewer: AuthenticatedUser): Post => ({
  id: row.id,
  author: row.author,
  author_id: row.author_id,
  text: row.text,
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
  canEdit: mayChangeAuthored(viewer, row.author_id),
});

export function createPostsService(posts: PostsRepository) {
  async function findOrThrow(id: number): Promise<PostRow> {
    const row = await posts.find(id);
    if (!row) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
    return row;
  }

  return {
    async list(viewer: AuthenticatedUser, query: PageQuery) {
      const window = pageWindow(query);
      const sort = parseSort(query.sort, POST_SORT_COLUMNS);
      const { rows, total } = await posts.page({ limit: window.limit, offset: window.offset, sort });
      return { items: rows.map((row) => presentPost(row, viewer)), _meta: listMeta(window, total) };
    },

    get: async (viewer: AuthenticatedUser, id: number): Promise<Post> => presentPost(await findOrThrow(id), viewer),

    async create(author: AuthenticatedUser, body: PostBody): Promise<Post> {
      assertMayWrite(author);
      const at = nowInSeconds();
      const id = await posts.insert({
        author_id: author.id,
        author: signatureOf(author),
        text: body.text,
        created_at: at,
        updated_at: at,
      });
      return presentPost(await findOrThrow(id), author);
    },

    /** The author, a developer or an administrator: checked before the body is validated (plugin hook). */
    async assertMayChange(actor: AuthenticatedUser, id: number): Promise<void> {
      assertMayChangeAuthored(actor, (await findOrThrow(id)).author_id);
    },

    async update(actor: AuthenticatedUser, id: number, body: PostBody): Promise<Post> {
      assertMayChangeAuthored(actor, (await findOrThrow(id)).author_id);
      await posts.update(id, { text: body.text, updated_at: nowInSeconds() });
      return presentPost(await findOrThrow(id), actor);
    },

    async delete(actor: AuthenticatedUser, id: number): Promise<void> {
      assertMayChangeAuthored(actor, (await findOrThrow(id)).author_id);
      await posts.delete(id);
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
