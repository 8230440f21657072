import {
  LATEST_MESSAGE_QUERY,
  POSTS_PAGE_SIZE,
  type ListMeta,
  type Message,
  type MessageBodyInput,
  type Post,
} from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

export interface Page<T> {
  items: T[];
  _meta: ListMeta;
}

/** Under the 'user' prefix: removed when the signed-in user changes. */
export const postKeys = {
  all: ['user', 'posts'] as const,
  pages: () => [...postKeys.all, 'pages'] as const,
};

export const messageKeys = {
  all: ['user', 'messages'] as const,
  latest: () => [...messageKeys.all, 'latest'] as const,
  /** The messages of one calendar month, 'YYYY-MM'. */
  month: (month: string) => [...messageKeys.all, 'month', month] as const,
};

export const postsApi = {
  page: (page: number) => api.get<Page<Post>>('posts', { 'per-page': POSTS_PAGE_SIZE, sort: '-created_at', page }),
  create: (text: string) => api.post<Post>('posts', { text }),
  update: (id: number, text: string) => api.put<Post>(`posts/${String(id)}`, { text }),
  remove: (id: number) => api.delete(`posts/${String(id)}`),
};

export const messagesApi = {
  latest: async () => (await api.get<Page<Message>>('messages', LATEST_MESSAGE_QUERY)).items.at(0) ?? null,
  /** The messages strictly between two days (the calendar asks for one month). */
  between: async (after: string, before: string) =>
    (
      await api.get<Page<Message>>('messages', {
        'per-page': -1,
        sort: 'date',
        'filter[date][gt]': after,
        'filter[date][lt]': before,
      })
    ).items,
  create: (body: MessageBodyInput) => api.post<Message>('messages', body),
  update: (id: number, body: MessageBodyInput) => api.put<Message>(`messages/${String(id)}`, body),
  remove: (id: number) => api.delete(`messages/${String(id)}`),
};
