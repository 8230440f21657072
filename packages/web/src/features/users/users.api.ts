import type { ListMeta, User, UserCreate, UserUpdate } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

/** Under the 'user' prefix: removed when the signed-in user changes. */
export const userKeys = {
  all: ['user', 'users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export const usersApi = {
  list: async () =>
    (await api.get<{ items: User[]; _meta: ListMeta }>('users', { 'per-page': -1, sort: 'username' })).items,
  create: (body: UserCreate) => api.post<User>('users', body),
  update: (id: number, body: UserUpdate) => api.put<User>(`users/${id}`, body),
  remove: (id: number) => api.delete(`users/${id}`),
};
