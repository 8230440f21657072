import type { ListInfo, ListMeta, ListValue } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

/** What the list values form sends for an item: the inputs as typed, the server parses them. */
export interface ListItemInput {
  listname: string;
  display: string;
  remark: string;
  sort: string;
}

/** `PUT list-values/list`: the lock (administrator only) or the list's uri. */
export interface ListInfoChange {
  is_locked?: boolean;
  list_uri?: string | null;
}

/** Under the 'user' prefix: removed when the signed-in user changes. */
export const listValueKeys = {
  all: ['user', 'list-values'] as const,
  names: () => [...listValueKeys.all, 'names'] as const,
  items: (listname: string) => [...listValueKeys.all, 'items', listname] as const,
  info: (listname: string) => [...listValueKeys.all, 'info', listname] as const,
};

export const listValuesApi = {
  names: () => api.get<string[]>('list-values/list-names'),
  /** Every item of the list, sorted by sort ascending by the server (no paging). */
  items: async (listname: string) =>
    (await api.get<{ items: ListValue[]; _meta: ListMeta }>('list-values', { 'filter[listname]': listname })).items,
  info: (listname: string) => api.get<ListInfo>('list-values/list', { listname }),
  updateInfo: (listname: string, body: ListInfoChange) =>
    api.put<ListInfo>('list-values/list', body, { query: { listname } }),
  create: (body: ListItemInput) => api.post<ListValue>('list-values', body),
  update: (id: number, body: ListItemInput) => api.put<ListValue>(`list-values/${id}`, body),
  remove: (id: number) => api.delete(`list-values/${id}`),
};
